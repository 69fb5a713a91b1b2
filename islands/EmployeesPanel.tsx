// /employees: counters, the list with avatars and badges, the add-employee dialog (EmployeesPanel/), activation,
// avatars.
import { useRef, useState } from "react";
import { employeeRoles, type Role } from "../domain/roles.ts";
import { Icon } from "../components/Icon.tsx";
import { call, client, withUpload } from "../components/api.ts";
import { errorMessage } from "../components/form.ts";
import { toast, toastAfterNavigation, toastError } from "../components/toast.ts";
import type { EmployeeJson } from "../domain/admin.ts";
import { useAddEmployee } from "./EmployeesPanel/use_add_employee.ts";
import { AddEmployeeDialog } from "./EmployeesPanel/AddEmployeeDialog.tsx";
import { EmployeeItem } from "./EmployeesPanel/EmployeeItem.tsx";

export interface EmployeesPanelProps {
  employees: EmployeeJson[];
  /** company_admin, chief_engineer and system_admin add and (de)activate employees. */
  canManage: boolean;
  /** A chief engineer does not add company administrators. */
  actorRole: Role;
  currentUserId: number;
}

const AVATAR_MAX = 5 * 1024 * 1024;

export default function EmployeesPanel(
  { employees: initial, canManage, actorRole, currentUserId }: EmployeesPanelProps,
) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [employees, setEmployees] = useState(initial);
  const [avatarFor, setAvatarFor] = useState<number | null>(null);
  const add = useAddEmployee((saved) => setEmployees((list) => [...list, saved]));

  const roles = employeeRoles.filter((r) => actorRole !== "chief_engineer" || r !== "company_admin");
  const active = employees.filter((e) => e.isActive).length;

  async function toggle(e: EmployeeJson) {
    try {
      const saved = await call(client.employees[":id{[0-9]+}"].$patch({
        param: { id: String(e.id) },
        json: { isActive: !e.isActive },
      }));
      setEmployees((list) => list.map((x) => (x.id === e.id ? { ...x, ...saved } : x)));
      toast({
        title: saved.isActive ? "Сотрудник активирован" : "Сотрудник деактивирован",
        variant: "success",
      });
    } catch (error) {
      toastError(`Не удалось изменить сотрудника: ${errorMessage(error)}`);
    }
  }

  function pickAvatar(employeeId: number) {
    setAvatarFor(employeeId);
    fileRef.current?.click();
  }

  async function uploadAvatar() {
    const file = fileRef.current?.files?.[0];
    const target = avatarFor;
    if (fileRef.current) fileRef.current.value = "";
    if (!file || !target) return;
    if (!file.type.startsWith("image/")) {
      return toastError("Загрузите изображение (JPG, PNG, GIF)", "Неверный тип файла");
    }
    if (file.size > AVATAR_MAX) return toastError("Максимальный размер файла 5 МБ", "Файл слишком большой");
    const form = new FormData();
    form.set("avatar", file);
    try {
      const saved = await call(
        client.employees[":id{[0-9]+}"].avatar.$post({ param: { id: String(target) } }, withUpload(form)),
      );
      if (target === currentUserId) {
        // The shell shows the user's own avatar: reload to show the new one there too.
        toastAfterNavigation({ title: "Аватар обновлен", variant: "success" });
        location.reload();
        return;
      }
      setEmployees((list) =>
        list.map((x) => (x.id === target ? { ...x, profileImageUrl: saved.profileImageUrl } : x))
      );
      toast({ title: "Аватар обновлен", variant: "success" });
    } catch (error) {
      toastError(`Не удалось загрузить аватар: ${errorMessage(error)}`, "Ошибка загрузки");
    }
  }

  return (
    <div className="stack-lg">
      <div className="stats stats-3">
        <div className="card stat-card">
          <span className="stat-label">Всего сотрудников</span>
          <span className="stat-value num">{employees.length}</span>
        </div>
        <div className="card stat-card stat-success">
          <span className="stat-label">Активных</span>
          <span className="stat-value num">{active}</span>
        </div>
        <div className="card stat-card stat-warning">
          <span className="stat-label">Неактивных</span>
          <span className="stat-value num">{employees.length - active}</span>
        </div>
      </div>

      {canManage && (
        <div className="action-bar">
          <button type="button" className="btn btn-primary" onClick={add.open}>
            <Icon name="plus" size={18} /> Добавить сотрудника
          </button>
        </div>
      )}

      <ul className="employee-list card" aria-label="Сотрудники">
        {employees.map((e) => (
          <EmployeeItem
            key={e.id}
            employee={e}
            canManage={canManage}
            actorRole={actorRole}
            currentUserId={currentUserId}
            onAvatar={() => pickAvatar(e.id)}
            onToggle={() => toggle(e)}
          />
        ))}
      </ul>
      <p className="muted small">Аватар: PNG, JPG до 5MB</p>
      <input
        ref={fileRef}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={uploadAvatar}
      />

      <AddEmployeeDialog form={add} roles={roles} />
    </div>
  );
}
