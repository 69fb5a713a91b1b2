import type { ReactNode } from "react";
import { Icon } from "./Icon.tsx";

export function Card({ title, action, children, className }: {
  title?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={className ? `card ${className}` : "card"}>
      {(title || action) && (
        <header className="card-head">
          {title && <h2 className="card-title">{title}</h2>}
          {action}
        </header>
      )}
      {children}
    </section>
  );
}

export function StatCard({ label, value, change, icon, tone }: {
  label: string;
  value: ReactNode;
  change?: string;
  icon?: string;
  tone?: "info" | "success" | "warning" | "danger" | "accent";
}) {
  return (
    <div className={`card stat-card${tone ? ` stat-${tone}` : ""}`}>
      <div className="stat-top">
        <span className="stat-label">{label}</span>
        {icon && (
          <span className="stat-icon">
            <Icon name={icon} />
          </span>
        )}
      </div>
      <div className="stat-value num">{value}</div>
      {change && <div className="stat-change">{change}</div>}
    </div>
  );
}

/** The spec's empty-state text with an icon and an optional next step. */
export function EmptyState({ icon = "file", text, hint, action }: {
  icon?: string;
  text: string;
  hint?: string;
  action?: ReactNode;
}) {
  return (
    <div className="empty">
      <Icon name={icon} size={40} />
      <p className="empty-text">{text}</p>
      {hint && <p className="muted">{hint}</p>}
      {action}
    </div>
  );
}
