import { type FormEvent, useId, useState } from "react";
import { needsCompany, REQUIRED_FIELDS_MESSAGE, userCreateSchema, userPatchSchema } from "../domain/admin.ts";
import { roleLabels, roles } from "../domain/roles.ts";
import { displayName, formatDate, initials } from "../domain/format.ts";
import { Field } from "../routes/_ui/Field.tsx";
import { Icon } from "../routes/_ui/Icon.tsx";
import { StatCard } from "../routes/_ui/Card.tsx";
import { api } from "./api.ts";
import { AdminDialog, setQueryParam } from "./admin_dialog.tsx";
import { errorMessage, type Errors, firstErrors, serverErrors } from "./form.ts";
import { toast, toastError } from "./toast.ts";

export interface AdminUser {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  companyId: number | null;
  role: string;
  isActive: boolean;
  createdAt: string;
  companyName: string | null;
}

export interface UsersManagerProps {
  users: AdminUser[];
  /** Companies a user may be put in: every one for system_admin, the own one for company_admin. */
  companies: { id: number; name: string }[];
  isSystemAdmin: boolean;
  currentUserId: number;
  /** The user whose dialog is open on arrival (?userId=), or "new" (?new=1). */
  openId: number | "new" | null;
}

interface Values {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  role: string;
  companyId: string;
  isActive: boolean;
}

function valuesOf(
  u: AdminUser | null,
  companies: UsersManagerProps["companies"],
  isSystemAdmin: boolean,
): Values {
  return {
    firstName: u?.firstName ?? "",
    lastName: u?.lastName ?? "",
    email: u?.email ?? "",
    password: "",
    role: u?.role ?? "measurement_engineer",
    companyId: u ? String(u.companyId ?? "") : isSystemAdmin ? "" : String(companies[0]?.id ?? ""),
    isActive: u?.isActive ?? true,
  };
}

/** /users: stat cards, the list, the create and edit dialogs, activate and deactivate. */
export default function UsersManager(props: UsersManagerProps) {
  const { companies, isSystemAdmin, currentUserId } = props;
  const [users, setUsers] = useState(props.users);
  const initial = props.openId === "new" ? null : users.find((u) => u.id === props.openId) ?? null;
  const [editing, setEditing] = useState<AdminUser | null>(initial);
  const [open, setOpen] = useState(props.openId === "new" || initial !== null);
  const [values, setValues] = useState<Values>(() => valuesOf(initial, companies, isSystemAdmin));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [toggling, setToggling] = useState<number | null>(null);
  const [query, setQuery] = useState("");
  const id = useId();

  const roleChoices = roles.filter((r) => isSystemAdmin || r !== "system_admin");
  const active = users.filter((u) => u.isActive).length;
  const q = query.trim().toLowerCase();
  const shown = q
    ? users.filter((u) =>
      `${u.firstName ?? ""} ${u.lastName ?? ""} ${u.email} ${u.companyName ?? ""}`.toLowerCase().includes(q)
    )
    : users;

  function openDialog(user: AdminUser | null) {
    setEditing(user);
    setValues(valuesOf(user, companies, isSystemAdmin));
    setErrors({});
    setOpen(true);
    setQueryParam("userId", user ? String(user.id) : null);
  }

  function close() {
    setOpen(false);
    setQueryParam("userId", null);
    setQueryParam("new", null);
  }

  async function refresh() {
    setUsers(await api<AdminUser[]>("/api/users"));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const payload: Record<string, unknown> = {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      role: values.role,
      isActive: values.isActive,
      companyId: values.companyId === "" ? null : Number(values.companyId),
    };
    if (!isSystemAdmin) delete payload.companyId;
    if (!editing || values.password) payload.password = values.password;
    const parsed = (editing ? userPatchSchema : userCreateSchema).safeParse(payload);
    const found: Errors = parsed.success ? {} : firstErrors(parsed.error);
    if (isSystemAdmin && payload.companyId === null && needsCompany(values.role)) {
      found.companyId = "Выберите компанию";
    }
    if (Object.keys(found).length) {
      const missing = !values.firstName.trim() || !values.lastName.trim() || !values.email.trim() ||
        "companyId" in found;
      setErrors(missing ? { ...found, _: REQUIRED_FIELDS_MESSAGE } : found);
      return;
    }
    setBusy(true);
    try {
      if (editing) {
        await api(`/api/users/${editing.id}`, { method: "PATCH", body: payload });
        toast({ title: "Пользователь сохранен", variant: "success" });
      } else {
        await api("/api/users", { method: "POST", body: payload });
        toast({ title: "Пользователь создан", variant: "success" });
      }
      close();
      await refresh().catch(() => {});
    } catch (error) {
      setErrors(serverErrors(error));
      toastError(
        `${editing ? "Не удалось сохранить пользователя" : "Не удалось создать пользователя"}: ${
          errorMessage(error)
        }`,
      );
    } finally {
      setBusy(false);
    }
  }

  async function toggleActive(user: AdminUser) {
    setToggling(user.id);
    try {
      await api(`/api/users/${user.id}`, { method: "PATCH", body: { isActive: !user.isActive } });
      toast({
        title: user.isActive ? "Пользователь деактивирован" : "Пользователь активирован",
        variant: "success",
      });
      await refresh();
    } catch (error) {
      toastError(`Не удалось изменить статус пользователя: ${errorMessage(error)}`);
    } finally {
      setToggling(null);
    }
  }

  const text = (name: "firstName" | "lastName" | "email" | "password", label: string, type = "text") => (
    <Field
      id={`${id}-${name}`}
      label={label}
      error={errors[name]}
      required={name !== "password" || !editing}
      hint={name === "password" && editing ? "Оставьте пустым, чтобы не менять" : undefined}
    >
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        autoComplete={name === "password" ? "new-password" : "off"}
        value={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        onChange={(e) => setValues({ ...values, [name]: e.target.value })}
      />
    </Field>
  );
  const canManage = (u: AdminUser) => isSystemAdmin || u.role !== "system_admin";

  return (
    <div className="stack-lg">
      <div className="stats stats-3">
        <StatCard label="Всего" value={users.length} icon="users" />
        <StatCard label="Активные" value={active} icon="check" tone="success" />
        <StatCard label="Неактивные" value={users.length - active} icon="lock" tone="warning" />
      </div>
      <section className="card">
        <header className="card-head">
          <h2 className="card-title">Пользователи</h2>
          <div className="row">
            <input
              type="search"
              className="admin-search"
              placeholder="Поиск по имени, email, компании"
              aria-label="Поиск пользователей"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
            <button type="button" className="btn btn-primary" onClick={() => openDialog(null)}>
              <Icon name="plus" /> Добавить пользователя
            </button>
          </div>
        </header>
        {shown.length === 0
          ? (
            <div className="empty">
              <Icon name="users" size={40} />
              <p className="empty-text">{q ? "Никого не найдено" : "Пользователей пока нет"}</p>
            </div>
          )
          : (
            <ul className="admin-list">
              {shown.map((u) => (
                <li key={u.id} className={u.isActive ? "admin-row" : "admin-row inactive"}>
                  <div className="admin-row-main">
                    {u.profileImageUrl
                      ? <img className="avatar" src={u.profileImageUrl} alt="" width={40} height={40} />
                      : (
                        <span className="avatar avatar-initials" aria-hidden="true">
                          {initials(u.firstName, u.lastName)}
                        </span>
                      )}
                    <div className="admin-row-text">
                      <strong>{displayName(u)}</strong>
                      <span className="muted small">{u.email}</span>
                      <span className="muted small">
                        {u.companyName ?? "Без компании"} · с {formatDate(u.createdAt)}
                      </span>
                    </div>
                  </div>
                  <div className="admin-row-badges">
                    <span className="badge badge-info">
                      {roleLabels[u.role as keyof typeof roleLabels] ?? u.role}
                    </span>
                    {u.isActive
                      ? <span className="badge badge-success">Активен</span>
                      : <span className="badge badge-neutral">Неактивен</span>}
                  </div>
                  <div className="admin-row-actions">
                    {canManage(u) && (
                      <button
                        type="button"
                        className="btn btn-secondary btn-sm"
                        onClick={() => openDialog(u)}
                      >
                        <Icon name="edit" size={16} /> Изменить
                      </button>
                    )}
                    {canManage(u) && u.id !== currentUserId && (
                      <button
                        type="button"
                        className={u.isActive ? "btn btn-ghost btn-sm" : "btn btn-success btn-sm"}
                        disabled={toggling === u.id}
                        aria-busy={toggling === u.id}
                        onClick={() => toggleActive(u)}
                      >
                        {u.isActive ? "Деактивировать" : "Активировать"}
                      </button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
      </section>
      <AdminDialog
        open={open}
        title={editing ? `Пользователь: ${displayName(editing)}` : "Новый пользователь"}
        onClose={close}
        onSubmit={submit}
        footer={
          <>
            <button type="button" className="btn btn-secondary" onClick={close}>Отмена</button>
            <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
              {busy ? "Сохранение…" : editing ? "Сохранить" : "Создать пользователя"}
            </button>
          </>
        }
      >
        <div className="stack">
          {errors._ && <p className="form-error" role="alert">{errors._}</p>}
          <div className="grid-2">
            {text("firstName", "Имя")}
            {text("lastName", "Фамилия")}
          </div>
          {text("email", "Email", "email")}
          {text("password", editing ? "Новый пароль" : "Пароль", "password")}
          <div className="grid-2">
            <Field id={`${id}-role`} label="Роль" error={errors.role} required>
              <select
                id={`${id}-role`}
                name="role"
                value={values.role}
                disabled={editing?.id === currentUserId}
                onChange={(e) => setValues({ ...values, role: e.target.value })}
              >
                {roleChoices.map((r) => <option key={r} value={r}>{roleLabels[r]}</option>)}
              </select>
            </Field>
            <Field
              id={`${id}-company`}
              label="Компания"
              error={errors.companyId}
              required={needsCompany(values.role)}
            >
              <select
                id={`${id}-company`}
                name="companyId"
                value={values.companyId}
                disabled={!isSystemAdmin}
                aria-invalid={errors.companyId ? true : undefined}
                onChange={(e) => setValues({ ...values, companyId: e.target.value })}
              >
                {isSystemAdmin && <option value="">Без компании</option>}
                {companies.map((c) => <option key={c.id} value={String(c.id)}>{c.name}</option>)}
              </select>
            </Field>
          </div>
          {editing?.id !== currentUserId && (
            <label className="check">
              <input
                type="checkbox"
                checked={values.isActive}
                onChange={(e) => setValues({ ...values, isActive: e.target.checked })}
              />
              Активен (может входить в систему)
            </label>
          )}
        </div>
      </AdminDialog>
    </div>
  );
}
