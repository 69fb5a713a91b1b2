import { useState } from "react";
import { roleLabels } from "../domain/roles.ts";
import { displayName, formatDate } from "../domain/format.ts";
import { Card, EmptyState, StatCard } from "../components/Card.tsx";
import { AdminRow } from "../components/AdminRow.tsx";
import { labelOf } from "../domain/labels.ts";
import { Dialog, DialogLoadFailed } from "../components/Dialog.tsx";
import { lazyPart } from "../components/lazy.ts";
import { CreateButton, RecordActions, useRecordList } from "../components/records.tsx";
import type { AdminUserJson } from "../domain/admin.ts";
import type { CompanyChoice } from "./UsersManager/UserForm.tsx";
import { Avatar } from "../components/Avatar.tsx";
import { call, client } from "../components/api.ts";

const form = lazyPart(() => import("./UsersManager/UserForm.tsx"), DialogLoadFailed);

export interface UsersManagerProps {
  users: AdminUserJson[];
  /** Companies a user may be put in: every one for system_admin, the own one for company_admin. */
  companies: CompanyChoice[];
  isSystemAdmin: boolean;
  currentUserId: number;
  /** The user whose dialog is open on arrival (?userId=), or "new" (?new=1). */
  openId: number | "new" | null;
}

/** /users: stat cards, the list, the create and edit dialogs, activate and deactivate. */
export default function UsersManager(props: UsersManagerProps) {
  const { companies, isSystemAdmin, currentUserId } = props;
  const list = useRecordList({
    records: props.users,
    calls: {
      list: () => call(client.users.$get()),
      setActive: (id, isActive) =>
        call(client.users[":id"].$patch({ param: { id: String(id) }, json: { isActive } })),
    },
    param: "userId",
    openId: props.openId,
    toggled: (user) => ({ title: user.isActive ? "Пользователь деактивирован" : "Пользователь активирован" }),
    toggleFailed: "Не удалось изменить статус пользователя",
  });
  const { records: users, editing, open, openDialog, close } = list;
  const [query, setQuery] = useState("");
  const Form = form.component();

  const active = users.filter((u) => u.isActive).length;
  const q = query.trim().toLowerCase();
  const shown = q
    ? users.filter((u) =>
      `${u.firstName ?? ""} ${u.lastName ?? ""} ${u.email} ${u.companyName ?? ""}`.toLowerCase().includes(q)
    )
    : users;

  function saved() {
    close();
    list.refresh().catch(() => {});
  }

  const canManage = (u: AdminUserJson) => isSystemAdmin || u.role !== "system_admin";

  return (
    <div className="stack-lg">
      <div className="stats stats-3">
        <StatCard label="Всего" value={users.length} icon="users" />
        <StatCard label="Активные" value={active} icon="check" tone="success" />
        <StatCard label="Неактивные" value={users.length - active} icon="lock" tone="warning" />
      </div>
      <Card
        title="Пользователи"
        action={
          <div className="row">
            <input
              type="search"
              className="admin-search"
              placeholder="Поиск по имени, email, компании"
              aria-label="Поиск пользователей"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
            <CreateButton
              label="Добавить пользователя"
              intent={form.intent}
              onClick={() => openDialog(null)}
            />
          </div>
        }
      >
        {shown.length === 0
          ? <EmptyState icon="users" text={q ? "Никого не найдено" : "Пользователей пока нет"} />
          : (
            <ul className="admin-list">
              {shown.map((u) => (
                <AdminRow
                  key={u.id}
                  active={u.isActive}
                  picture={<Avatar url={u.profileImageUrl} firstName={u.firstName} lastName={u.lastName} />}
                  name={displayName(u)}
                  details={[u.email, `${u.companyName ?? "Без компании"} · с ${formatDate(u.createdAt)}`]}
                  badge={labelOf(roleLabels, u.role)}
                  actions={
                    <RecordActions
                      list={list}
                      record={u}
                      intent={form.intent}
                      editable={canManage(u)}
                      toggleable={canManage(u) && u.id !== currentUserId}
                    />
                  }
                />
              ))}
            </ul>
          )}
      </Card>
      <Dialog
        open={open}
        title={editing ? `Пользователь: ${displayName(editing)}` : "Новый пользователь"}
        onClose={close}
      >
        <Form
          user={editing}
          companies={companies}
          isSystemAdmin={isSystemAdmin}
          currentUserId={currentUserId}
          onClose={close}
          onSaved={saved}
        />
      </Dialog>
    </div>
  );
}
