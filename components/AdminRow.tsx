// The rows of the administration lists (/admin, /companies, /users, /admin/users), one markup for all.
import type { ReactNode } from "react";
import { CompanyLogo } from "./Avatar.tsx";
import type { CompanyJson } from "../domain/admin.ts";
import { countOf, formatDate, objectForms, userForms } from "../domain/format.ts";
import { labelOf, subscriptionTierLabels } from "../domain/labels.ts";

/** 'Активен' / 'Неактивен' (or the feminine pair, for a company) as a badge. */
export function ActiveBadge({ active, feminine }: { active: boolean; feminine?: boolean }) {
  const [on, off] = feminine ? ["Активна", "Неактивна"] : ["Активен", "Неактивен"];
  return active
    ? <span className="badge badge-success">{on}</span>
    : <span className="badge badge-neutral">{off}</span>;
}

/** One record of an administration list: picture, name with its detail lines, badges, actions; dimmed while inactive. */
export function AdminRow({ active, feminine, picture, name, details, badge, actions }: {
  active: boolean;
  /** The company's feminine 'Активна' instead of 'Активен'. */
  feminine?: boolean;
  picture: ReactNode;
  name: ReactNode;
  details: string[];
  /** The informational badge before the activity badge (the role, the plan). */
  badge: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <li className={active ? "admin-row" : "admin-row inactive"}>
      <div className="admin-row-main">
        {picture}
        <div className="admin-row-text">
          <strong>{name}</strong>
          {details.map((line, i) => <span key={i} className="muted small">{line}</span>)}
        </div>
      </div>
      <div className="admin-row-badges">
        <span className="badge badge-info">{badge}</span>
        <ActiveBadge active={active} feminine={feminine} />
      </div>
      {actions && <div className="admin-row-actions">{actions}</div>}
    </li>
  );
}

/** A company in the lists of /admin and /companies: logo, ИНН, accounts and objects, plan and its expiry. */
export function CompanyRow({ company: c, actions }: { company: CompanyJson; actions?: ReactNode }) {
  return (
    <AdminRow
      active={c.isActive}
      feminine
      picture={<CompanyLogo url={c.logoUrl} />}
      name={c.name}
      details={[
        `ИНН: ${c.inn || "не указан"} · ${countOf(c._count?.users ?? 0, userForms)} · ${
          countOf(c._count?.objects ?? 0, objectForms)
        }`,
        `Подписка до ${formatDate(c.subscriptionExpiresAt)}`,
      ]}
      badge={labelOf(subscriptionTierLabels, c.subscriptionTier)}
      actions={actions}
    />
  );
}
