import { Suspense, useState } from "react";
import { roleLabels } from "../domain/roles.ts";
import { displayName, formatDate } from "../domain/format.ts";
import { Icon } from "../routes/_ui/Icon.tsx";
import { StatCard } from "../routes/_ui/Card.tsx";
import { api } from "./api.ts";
import { AdminDialog, DialogLoading, lazyBody, setQueryParam } from "./admin_dialog.tsx";
import { errorMessage } from "./form.ts";
import { toast, toastError } from "./toast.ts";
import { Avatar } from "../routes/_ui/Avatar.tsx";

const form = lazyBody(() => import("./admin/UserForm.tsx"));

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

/** /users: stat cards, the list, the create and edit dialogs, activate and deactivate. */
export default function UsersManager(props: UsersManagerProps) {
  const { companies, isSystemAdmin, currentUserId } = props;
  const [users, setUsers] = useState(props.users);
  const initial = props.openId === "new" ? null : users.find((u) => u.id === props.openId) ?? null;
  const [editing, setEditing] = useState<AdminUser | null>(initial);
  const [open, setOpen] = useState(props.openId === "new" || initial !== null);
  const [toggling, setToggling] = useState<number | null>(null);
  const [query, setQuery] = useState("");

  const active = users.filter((u) => u.isActive).length;
  const q = query.trim().toLowerCase();
  const shown = q
    ? users.filter((u) =>
      `${u.firstName ?? ""} ${u.lastName ?? ""} ${u.email} ${u.companyName ?? ""}`.toLowerCase().includes(q)
    )
    : users;

  function openDialog(user: AdminUser | null) {
    setEditing(user);
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

  function saved() {
    close();
    refresh().catch(() => {});
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
            <button
              type="button"
              className="btn btn-primary"
              {...form.intent}
              onClick={() => openDialog(null)}
            >
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
                    <Avatar url={u.profileImageUrl} firstName={u.firstName} lastName={u.lastName} />
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
                        {...form.intent}
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
      >
        {open && (
          <Suspense fallback={<DialogLoading />}>
            <form.Body
              user={editing}
              companies={companies}
              isSystemAdmin={isSystemAdmin}
              currentUserId={currentUserId}
              onClose={close}
              onSaved={saved}
            />
          </Suspense>
        )}
      </AdminDialog>
    </div>
  );
}
