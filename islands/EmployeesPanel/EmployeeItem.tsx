// One employee in the list: the avatar, name, e-mail, role and state, «Аватар» and (de)activation where the
// viewer may use them.
import type { Role } from "../../domain/roles.ts";
import { roleLabels } from "../../domain/roles.ts";
import { displayName } from "../../domain/format.ts";
import { Icon } from "../../components/Icon.tsx";
import { Avatar } from "../../components/Avatar.tsx";
import type { EmployeeJson } from "../../domain/admin.ts";

export function EmployeeItem({ employee: e, canManage, actorRole, currentUserId, onAvatar, onToggle }: {
  employee: EmployeeJson;
  canManage: boolean;
  actorRole: Role;
  currentUserId: number;
  onAvatar: () => void;
  onToggle: () => void;
}) {
  return (
    <li className={e.isActive ? "employee" : "employee employee-inactive"}>
      <Avatar url={e.profileImageUrl} firstName={e.firstName} lastName={e.lastName} />
      <div className="employee-text">
        <strong>{displayName(e)}</strong>
        <span className="muted small">{e.email} · ID {e.id}</span>
        <span className="employee-badges">
          <span className="badge badge-info">{roleLabels[e.role]}</span>
          <span className={e.isActive ? "badge badge-success" : "badge badge-neutral"}>
            {e.isActive ? "Активен" : "Неактивен"}
          </span>
        </span>
      </div>
      <div className="employee-actions">
        {(canManage || e.id === currentUserId) && (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={onAvatar}
            aria-label={`Сменить аватар: ${displayName(e)}`}
          >
            <Icon name="camera" size={16} /> Аватар
          </button>
        )}
        {canManage && e.id !== currentUserId && e.role !== "system_admin" &&
          !(actorRole === "chief_engineer" && e.role === "company_admin") && (
          <button
            type="button"
            className={e.isActive ? "btn btn-secondary btn-sm" : "btn btn-primary btn-sm"}
            onClick={onToggle}
          >
            {e.isActive ? "Деактивировать" : "Активировать"}
          </button>
        )}
      </div>
    </li>
  );
}
