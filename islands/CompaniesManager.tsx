import { Card, EmptyState, StatCard } from "../components/Card.tsx";
import { CompanyRow } from "../components/AdminRow.tsx";
import { Dialog, DialogLoadFailed } from "../components/Dialog.tsx";
import { lazyPart } from "../components/lazy.ts";
import { CreateButton, RecordActions, useRecordList } from "../components/records.tsx";
import type { CompanyJson } from "../domain/admin.ts";
import { call, client } from "../components/api.ts";

const form = lazyPart(() => import("./CompaniesManager/CompanyForm.tsx"), DialogLoadFailed);

export interface CompaniesManagerProps {
  companies: CompanyJson[];
  /** The company whose dialog is open on arrival (?companyId=), or "new" (?new=1). */
  openId: number | "new" | null;
  /** Accounts of every company: the shared figure of domain/figures.ts, the same as on /admin. */
  users: number;
}

/** /companies: stat cards, the list, the create and edit dialogs, activate and deactivate (system_admin). */
export default function CompaniesManager(props: CompaniesManagerProps) {
  const list = useRecordList({
    records: props.companies,
    calls: {
      list: () => call(client.companies.$get()),
      setActive: (id, isActive) =>
        call(client.companies[":id"].$patch({ param: { id: String(id) }, json: { isActive } })),
    },
    param: "companyId",
    openId: props.openId,
    toggled: (company) => ({
      title: company.isActive ? "Компания деактивирована" : "Компания активирована",
      description: company.isActive ? "Её пользователи больше не смогут войти в систему" : undefined,
    }),
    toggleFailed: "Не удалось изменить статус компании",
  });
  const { records: companies, editing, open, openDialog, close } = list;

  const total = companies.length;
  const active = companies.filter((c) => c.isActive).length;

  const Form = form.component();

  function saved(company: CompanyJson, done: boolean) {
    if (done) close();
    else list.setEditing(company);
    list.refresh().catch(() => {});
  }

  return (
    <div className="stack-lg">
      <div className="stats stats-3">
        <StatCard label="Всего" value={total} icon="building" />
        <StatCard label="Активные" value={active} icon="check" tone="success" />
        <StatCard label="Пользователи" value={props.users} icon="users" tone="accent" />
      </div>
      <Card
        title="Компании"
        action={
          <CreateButton
            label="Создать компанию"
            intent={form.intent}
            onClick={() => openDialog(null)}
          />
        }
      >
        {companies.length === 0
          ? <EmptyState icon="building" text="Компаний пока нет" />
          : (
            <ul className="admin-list">
              {companies.map((c) => (
                <CompanyRow
                  key={c.id}
                  company={c}
                  actions={<RecordActions list={list} record={c} intent={form.intent} />}
                />
              ))}
            </ul>
          )}
      </Card>
      <Dialog
        open={open}
        wide
        title={editing ? `Компания: ${editing.name}` : "Новая компания"}
        onClose={close}
      >
        <Form company={editing} onClose={close} onSaved={saved} />
      </Dialog>
    </div>
  );
}
