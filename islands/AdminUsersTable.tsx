import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Table } from "../components/Table.tsx";
import { type Role, roleLabels, roles } from "../domain/roles.ts";
import { displayName } from "../domain/format.ts";
import { companyOptions, SelectField } from "../components/Field.tsx";
import { Icon } from "../components/Icon.tsx";
import { call, client } from "../components/api.ts";
import { Dialog, DialogContent, SubmitFooter } from "../components/Dialog.tsx";
import { toast, toastAfterNavigation, toastError } from "../components/toast.ts";
import type { AdminUserJson } from "../domain/admin.ts";
import { ActiveBadge } from "../components/AdminRow.tsx";
import { labelOf } from "../domain/labels.ts";
import { BusyButton } from "../components/BusyButton.tsx";

export interface AdminUsersTableProps {
  users: AdminUserJson[];
  companies: { id: number; name: string }[];
  currentUserId: number;
}

const POLL_MS = 5000;

type Editing = { kind: "role" | "company"; user: AdminUserJson } | { kind: "cleanup" } | null;

/** /admin/users: every user with role and company, refreshed every 5 s and on focus (owner only). */
export default function AdminUsersTable({ users: initial, companies, currentUserId }: AdminUsersTableProps) {
  const [users, setUsers] = useState(initial);
  const [editing, setEditing] = useState<Editing>(null);
  const [choice, setChoice] = useState("");
  const [busy, setBusy] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const failedOnce = useRef(false);
  const id = useId();

  async function load() {
    try {
      setUsers(await call(client.admin.users.$get()));
      setLoadFailed(false);
      failedOnce.current = false;
    } catch {
      setLoadFailed(true);
      // Say it once, not every five seconds.
      if (!failedOnce.current) toastError("Ошибка загрузки пользователей");
      failedOnce.current = true;
    }
  }

  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") load();
    }, POLL_MS);
    const onFocus = () => load();
    addEventListener("focus", onFocus);
    return () => {
      clearInterval(timer);
      removeEventListener("focus", onFocus);
    };
  }, []);

  function edit(kind: "role" | "company", user: AdminUserJson) {
    setChoice(kind === "role" ? user.role : String(user.companyId ?? ""));
    setEditing({ kind, user });
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!editing || editing.kind === "cleanup") return;
    setBusy(true);
    const { kind, user } = editing;
    try {
      if (kind === "role") {
        await call(
          client.admin.users[":id"].role.$put({
            param: { id: String(user.id) },
            json: { role: choice as Role },
          }),
        );
        toast({ title: "Роль пользователя обновлена", variant: "success" });
      } else {
        await call(client.admin.users[":id"].company.$put({
          param: { id: String(user.id) },
          json: { companyId: choice === "" ? null : Number(choice) },
        }));
        toast({ title: "Компания назначена", variant: "success" });
      }
      setEditing(null);
      await load();
    } catch {
      toastError(kind === "role" ? "Не удалось обновить роль" : "Не удалось назначить компанию");
    } finally {
      setBusy(false);
    }
  }

  async function cleanup() {
    setBusy(true);
    try {
      await call(client.admin.cleanup.$delete());
      toastAfterNavigation({ title: "Все тестовые данные очищены", variant: "success" });
      location.reload();
    } catch {
      toastError("Не удалось очистить данные");
      setBusy(false);
    }
  }

  const close = () => setEditing(null);
  const target = editing && editing.kind !== "cleanup" ? editing.user : null;

  return (
    <div className="stack-lg">
      <section className="card">
        <header className="card-head">
          <div>
            <h2 className="card-title">Все пользователи</h2>
            <p className="muted small" aria-live="polite">
              {loadFailed
                ? "Нет связи: список может быть устаревшим"
                : `${users.length} · обновляется каждые 5 секунд`}
            </p>
          </div>
          <button type="button" className="btn btn-danger" onClick={() => setEditing({ kind: "cleanup" })}>
            <Icon name="trash" /> Очистить тестовые данные
          </button>
        </header>
        <Table
          columns={["Пользователь", "Роль", "Компания", "Статус", { label: "Действия", className: "right" }]}
          className="admin-table"
        >
          <tbody>
            {users.map((u) => (
              <tr key={u.id}>
                <td data-label="Пользователь">
                  <strong>{displayName(u)}</strong>
                  {u.id === currentUserId && <span className="muted small">(вы)</span>}
                  <div className="muted small">{u.email}</div>
                </td>
                <td data-label="Роль">{labelOf(roleLabels, u.role)}</td>
                <td data-label="Компания">
                  {u.companyName ?? <span className="badge badge-warning">Ожидает назначения</span>}
                </td>
                <td data-label="Статус">
                  <ActiveBadge active={u.isActive} />
                </td>
                <td className="right admin-table-actions">
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    onClick={() => edit("role", u)}
                  >
                    Роль
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    onClick={() => edit("company", u)}
                  >
                    Компания
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </section>
      <Dialog
        open={editing?.kind === "role" || editing?.kind === "company"}
        title={editing?.kind === "company" ? "Компания пользователя" : "Роль пользователя"}
        onClose={close}
      >
        <DialogContent
          onSubmit={save}
          footer={<SubmitFooter onCancel={close} busy={busy} label="Сохранить" />}
        >
          {target && (
            <div className="stack">
              <p>
                <strong>{displayName(target)}</strong> <span className="muted">{target.email}</span>
              </p>
              {editing?.kind === "role"
                ? (
                  <SelectField
                    id={`${id}-role`}
                    label="Роль"
                    value={choice}
                    onValue={setChoice}
                    options={roles.map((r) => [r, roleLabels[r]])}
                  />
                )
                : (
                  <SelectField
                    id={`${id}-company`}
                    label="Компания"
                    hint={target.companyId ? "«Без компании» снимет пользователя с компании" : undefined}
                    value={choice}
                    onValue={setChoice}
                    options={[["", "Без компании"], ...companyOptions(companies)]}
                  />
                )}
            </div>
          )}
        </DialogContent>
      </Dialog>
      <Dialog
        open={editing?.kind === "cleanup"}
        title="Очистить тестовые данные?"
        onClose={close}
      >
        <DialogContent
          footer={
            <>
              <button type="button" className="btn btn-secondary" onClick={close}>Отмена</button>
              <BusyButton className="btn btn-danger" onClick={cleanup} busy={busy} busyLabel="Удаление…">
                Удалить тестовые данные
              </BusyButton>
            </>
          }
        >
          <div className="notice notice-danger">
            <Icon name="alert" />
            <p>
              Будут удалены демонстрационные компании со всеми их объектами, задачами, сметами, документами и
              файлами, демонстрационные пользователи и товары. Ваша учетная запись и настоящие данные
              останутся. Отменить это нельзя.
            </p>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
