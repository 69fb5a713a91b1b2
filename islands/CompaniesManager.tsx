import { type FormEvent, useState } from "react";
import { labelOf, subscriptionTierLabels } from "../domain/labels.ts";
import { formatDate } from "../domain/format.ts";
import { Icon } from "../routes/_ui/Icon.tsx";
import { StatCard } from "../routes/_ui/Card.tsx";
import { api } from "./api.ts";
import { AdminDialog, setQueryParam } from "./admin_dialog.tsx";
import {
  checkCompany,
  CompanyFields,
  type CompanyRecord,
  type CompanyValues,
  companyValues,
  logoProblem,
  uploadLogo,
} from "./company_form.tsx";
import { errorMessage, type Errors, serverErrors } from "./form.ts";
import { toast, toastError } from "./toast.ts";

export interface CompaniesManagerProps {
  companies: CompanyRecord[];
  /** The company whose dialog is open on arrival (?companyId=), or "new" (?new=1). */
  openId: number | "new" | null;
}

/** /companies: stat cards, the list, the create and edit dialogs, activate and deactivate (system_admin). */
export default function CompaniesManager(props: CompaniesManagerProps) {
  const [companies, setCompanies] = useState(props.companies);
  const initial = props.openId === "new" ? null : companies.find((c) => c.id === props.openId) ?? null;
  const [editing, setEditing] = useState<CompanyRecord | null>(initial);
  const [open, setOpen] = useState(props.openId === "new" || initial !== null);
  const [values, setValues] = useState<CompanyValues>(() => companyValues(initial));
  const [errors, setErrors] = useState<Errors>({});
  const [logoFile, setLogoFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [toggling, setToggling] = useState<number | null>(null);

  const total = companies.length;
  const active = companies.filter((c) => c.isActive).length;
  const usersCount = companies.reduce((n, c) => n + (c._count?.users ?? 0), 0);

  function openDialog(company: CompanyRecord | null) {
    setEditing(company);
    setValues(companyValues(company));
    setErrors({});
    setLogoFile(null);
    setOpen(true);
    setQueryParam("companyId", company ? String(company.id) : null);
  }

  function close() {
    setOpen(false);
    setQueryParam("companyId", null);
    setQueryParam("new", null);
  }

  async function refresh() {
    setCompanies(await api<CompanyRecord[]>("/api/companies"));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = checkCompany(values, true);
    const logoError = logoProblem(logoFile);
    if (checked.errors || logoError) {
      setErrors({ ...checked.errors, ...(logoError ? { logo: logoError } : {}) });
      return;
    }
    setBusy(true);
    let saved: CompanyRecord;
    try {
      saved = editing
        ? await api<CompanyRecord>(`/api/companies/${editing.id}`, { method: "PATCH", body: checked.payload })
        : await api<CompanyRecord>("/api/companies", { method: "POST", body: checked.payload });
    } catch (error) {
      setErrors(serverErrors(error));
      toastError(
        `${editing ? "Не удалось сохранить компанию" : "Не удалось создать компанию"}: ${
          errorMessage(error)
        }`,
      );
      setBusy(false);
      return;
    }
    try {
      if (logoFile) await uploadLogo(saved.id, logoFile);
      toast({ title: editing ? "Компания сохранена" : "Компания создана", variant: "success" });
      close();
    } catch (error) {
      // The company is saved; the logo can be tried again from the edit dialog.
      setEditing(saved);
      setErrors({ logo: errorMessage(error) });
      toastError(`Не удалось загрузить логотип: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
      await refresh().catch(() => {});
    }
  }

  async function toggleActive(company: CompanyRecord) {
    setToggling(company.id);
    try {
      await api(`/api/companies/${company.id}`, { method: "PATCH", body: { isActive: !company.isActive } });
      toast({
        title: company.isActive ? "Компания деактивирована" : "Компания активирована",
        description: company.isActive ? "Её пользователи больше не смогут войти в систему" : undefined,
        variant: "success",
      });
      await refresh();
    } catch (error) {
      toastError(`Не удалось изменить статус компании: ${errorMessage(error)}`);
    } finally {
      setToggling(null);
    }
  }

  return (
    <div className="stack-lg">
      <div className="stats stats-3">
        <StatCard label="Всего" value={total} icon="building" />
        <StatCard label="Активные" value={active} icon="check" tone="success" />
        <StatCard label="Пользователи" value={usersCount} icon="users" tone="accent" />
      </div>
      <section className="card">
        <header className="card-head">
          <h2 className="card-title">Компании</h2>
          <button type="button" className="btn btn-primary" onClick={() => openDialog(null)}>
            <Icon name="plus" /> Создать компанию
          </button>
        </header>
        {companies.length === 0
          ? (
            <div className="empty">
              <Icon name="building" size={40} />
              <p className="empty-text">Компаний пока нет</p>
            </div>
          )
          : (
            <ul className="admin-list">
              {companies.map((c) => (
                <li key={c.id} className={c.isActive ? "admin-row" : "admin-row inactive"}>
                  <div className="admin-row-main">
                    {c.logoUrl
                      ? <img className="logo-thumb" src={c.logoUrl} alt="" width={40} height={40} />
                      : (
                        <span className="logo-thumb logo-empty" aria-hidden="true">
                          <Icon name="building" />
                        </span>
                      )}
                    <div className="admin-row-text">
                      <strong>{c.name}</strong>
                      <span className="muted small">
                        ИНН: {c.inn || "не указан"} · {c._count?.users ?? 0} польз. · {c._count?.objects ?? 0}
                        {" "}
                        объектов
                      </span>
                      <span className="muted small">
                        Подписка до {formatDate(c.subscriptionExpiresAt)}
                      </span>
                    </div>
                  </div>
                  <div className="admin-row-badges">
                    <span className="badge badge-info">
                      {labelOf(subscriptionTierLabels, c.subscriptionTier)}
                    </span>
                    {c.isActive
                      ? <span className="badge badge-success">Активна</span>
                      : <span className="badge badge-neutral">Неактивна</span>}
                  </div>
                  <div className="admin-row-actions">
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      onClick={() =>
                        openDialog(c)}
                    >
                      <Icon name="edit" size={16} /> Изменить
                    </button>
                    <button
                      type="button"
                      className={c.isActive ? "btn btn-ghost btn-sm" : "btn btn-success btn-sm"}
                      disabled={toggling === c.id}
                      aria-busy={toggling === c.id}
                      onClick={() =>
                        toggleActive(c)}
                    >
                      {c.isActive ? "Деактивировать" : "Активировать"}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
      </section>
      <AdminDialog
        open={open}
        wide
        title={editing ? `Компания: ${editing.name}` : "Новая компания"}
        onClose={close}
        onSubmit={submit}
        footer={
          <>
            <button type="button" className="btn btn-secondary" onClick={close}>Отмена</button>
            <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
              {busy ? "Сохранение…" : editing ? "Сохранить" : "Создать компанию"}
            </button>
          </>
        }
      >
        <CompanyFields
          values={values}
          errors={errors}
          onChange={setValues}
          adminFields
          logo={{ url: editing?.logoUrl ?? null, file: logoFile, error: errors.logo, onFile: setLogoFile }}
        />
      </AdminDialog>
    </div>
  );
}
