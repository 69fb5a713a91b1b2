import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { LRUCache } from "lru-cache";
import { menuFor, roleLabels } from "../domain/roles.ts";
import { displayName, formatDate, formatLongDate } from "../domain/format.ts";
import { labelOf, subscriptionTierLabels } from "../domain/labels.ts";
import { moscowDayStart } from "../domain/dates.ts";
import { Island } from "../server/island.tsx";
import { flattened } from "../server/flat_string.ts";
import type { CurrentUser } from "../server/types.ts";
import NotificationBell from "../islands/NotificationBell.tsx";
import SyncIndicator from "../islands/SyncIndicator.tsx";
import { Icon } from "../components/Icon.tsx";
import { Avatar } from "../components/Avatar.tsx";

export interface ShellProps {
  user: CurrentUser;
  path: string;
  title: string;
  subtitle?: ReactNode;
  action?: ReactNode;
  unread: number;
  /** Today in Moscow, YYYY-MM-DD: the page shows the day, so the tree changes with the day, not the minute. */
  today: string;
  children: ReactNode;
}

function isActive(href: string, path: string): boolean {
  if (href === path) return true;
  // '/admin' must not light up on '/admin/users', which has its own item.
  return href !== "/admin" && href !== "/ruslos" && path.startsWith(href + "/");
}

/** The sidebar's inside: brand, the user, the menu of the role with the page's item lit, plan and logout. */
function Sidebar({ user, path }: { user: CurrentUser; path: string }) {
  const menu = menuFor(user.role, user.isOwner);
  return (
    <>
      <div className="sidebar-brand">
        <a href="/" className="brand">
          <span className="brand-mark" aria-hidden="true">ПС</span>
          <span>ПолеСмета</span>
        </a>
        <label htmlFor="nav-toggle" className="icon-btn nav-close" aria-label="Закрыть меню">
          <Icon name="close" />
        </label>
      </div>
      <div className="sidebar-user">
        <Avatar url={user.profileImageUrl} firstName={user.firstName} lastName={user.lastName} />
        <div className="sidebar-user-text">
          <strong>{displayName(user)}</strong>
          <span>{roleLabels[user.role]}</span>
          {user.companyName && <span className="muted">{user.companyName}</span>}
        </div>
      </div>
      <nav className="sidebar-nav">
        <ul>
          {menu.map((item) => (
            <li key={item.href}>
              <a
                href={item.href}
                className={isActive(item.href, path) ? "nav-link active" : "nav-link"}
                aria-current={isActive(item.href, path) ? "page" : undefined}
              >
                <Icon name={item.icon} />
                <span>{item.label}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="sidebar-footer">
        {user.subscriptionTier && (
          <p className="plan">
            Тариф «{labelOf(subscriptionTierLabels, user.subscriptionTier)}»
            {user.subscriptionExpiresAt && <span>до {formatDate(user.subscriptionExpiresAt)}</span>}
          </p>
        )}
        {/* A POST form, not a link: a GET never signs out (any page could link to it). */}
        <form method="post" action="/api/logout">
          <button type="submit" className="btn btn-ghost btn-block logout">
            <Icon name="logout" /> Выйти
          </button>
        </form>
      </div>
    </>
  );
}

/**
 * The sidebar's HTML, cached by everything it shows: it is the same on every request of a user to a page,
 * and its menu of icons is from an eighth (/tasks) to over a quarter (/analytics) of a staff page's tags.
 */
const sidebars = new LRUCache<string, string>({ max: 1000 });

function sidebarHtml(user: CurrentUser, path: string): string {
  const { id, email, firstName, lastName, profileImageUrl, role, companyName, subscriptionTier, isOwner } =
    user;
  const expires = user.subscriptionExpiresAt?.getTime() ?? null;
  const key = JSON.stringify([
    path,
    id,
    email,
    firstName,
    lastName,
    profileImageUrl,
    role,
    companyName,
    subscriptionTier,
    expires,
    isOwner,
  ]);
  const cached = sidebars.get(key);
  if (cached !== undefined) return cached;
  const html = flattened(renderToString(<Sidebar user={user} path={path} />));
  sidebars.set(key, html);
  return html;
}

/**
 * The navigation shell: sidebar (a drawer on phones, opened by a CSS-only toggle so no script is
 * needed), page header with the bell and today's date, and the plan footer with logout.
 */
export function Shell({ user, path, title, subtitle, action, unread, today, children }: ShellProps) {
  return (
    // data-account names the signed-in account for the offline queue and cache (components/offline/).
    <div className="shell" data-account={user.id}>
      <input type="checkbox" id="nav-toggle" className="nav-toggle" aria-label="Открыть меню" />
      <label htmlFor="nav-toggle" className="nav-overlay" aria-hidden="true" />
      <aside
        className="sidebar"
        aria-label="Основное меню"
        dangerouslySetInnerHTML={{ __html: sidebarHtml(user, path) }}
      />
      <div className="main">
        <header className="page-header">
          <label htmlFor="nav-toggle" className="icon-btn nav-open" aria-label="Открыть меню">
            <Icon name="menu" />
          </label>
          <div className="page-heading">
            <h1>{title}</h1>
            {subtitle && <p className="page-subtitle">{subtitle}</p>}
          </div>
          <div className="page-tools">
            {action}
            {user.role === "measurement_engineer" && <Island component={SyncIndicator} props={{}} />}
            <Island component={NotificationBell} props={{ initialUnread: unread }} />
            <time className="today" dateTime={today}>{formatLongDate(moscowDayStart(today))}</time>
          </div>
        </header>
        <main className="content" id="content">{children}</main>
      </div>
    </div>
  );
}
