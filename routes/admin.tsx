import type { Context } from "hono";
import { listCompanies } from "../db/companies.ts";
import { adminRoles, hasRole } from "../domain/roles.ts";
import { Island } from "../server/island.tsx";
import { companyScope, currentUser } from "../server/middleware/guard.ts";
import type { AppEnv } from "../server/types.ts";
import AccessDeniedToast from "../islands/AccessDeniedToast.tsx";
import { renderWorkPage } from "./_page.tsx";
import { DashboardSection, loadDashboardSection } from "./_dashboard/mod.tsx";
import { parsePeriod } from "../domain/periods.ts";
import { Card, EmptyState, StatCard } from "../components/Card.tsx";
import { Icon } from "../components/Icon.tsx";
import { CompanyRow } from "../components/AdminRow.tsx";

export const ADMIN_DENIED = "У вас нет прав доступа к панели администратора";

const cabinets = [
  { href: "/engineer", label: "Кабинет инженера", icon: "home" },
  { href: "/surveyor", label: "Кабинет замерщика", icon: "tasks" },
  { href: "/foreman", label: "Кабинет бригадира", icon: "truck" },
  { href: "/objects", label: "Кабинет менеджера", icon: "map" },
  { href: "/measurements", label: "Все замеры", icon: "estimate" },
];

/** /admin: counts, the company list and the links; system_admin also manages companies and opens every cabinet. */
export default async function adminPage(c: Context<AppEnv>) {
  const user = currentUser(c);
  if (!hasRole(user.role, adminRoles) && !user.isOwner) {
    return renderWorkPage(c, {
      title: "Доступ запрещен",
      body: (
        <div className="error-panel card">
          <Icon name="lock" size={48} />
          <h2>Доступ запрещен</h2>
          <p>{ADMIN_DENIED}</p>
          <a className="btn btn-primary" href="/">На главную</a>
          <Island component={AccessDeniedToast} props={{ text: ADMIN_DENIED }} />
        </div>
      ),
    }, 403);
  }
  const { db, now, reads } = c.get("deps");
  const isSystem = user.role === "system_admin";
  const scope = companyScope(user);
  const [companies, dashboard] = await Promise.all([
    listCompanies(db, scope),
    loadDashboardSection(db, user, scope, { period: parsePeriod(c.req.query("period")), now: now(), reads }),
  ]);
  // Users and objects are the shared figures the dashboard below is made of (domain/figures.ts).
  const figures = dashboard.data.stats;
  const activeCompanies = companies.filter((co) => co.isActive).length;
  return renderWorkPage(c, {
    title: "Панель администратора",
    subtitle: isSystem ? "Все компании системы" : user.companyName ?? undefined,
    body: (
      <div className="stack-lg">
        <div className="stats">
          <StatCard label="Компании" value={companies.length} icon="building" />
          <StatCard label="Активные компании" value={activeCompanies} icon="check" tone="success" />
          <StatCard label="Пользователи" value={figures.users} icon="users" tone="accent" />
          <StatCard label="Всего объектов" value={figures.objects} icon="map" tone="warning" />
        </div>
        <div className="admin-grid">
          <Card
            title="Компании"
            action={isSystem && (
              <div className="row">
                <a className="btn btn-secondary btn-sm" href="/companies">Управление компаниями</a>
                <a className="btn btn-primary btn-sm" href="/companies?new=1">
                  <Icon name="plus" size={16} /> Создать компанию
                </a>
              </div>
            )}
          >
            {companies.length === 0
              ? <EmptyState icon="building" text="Компаний пока нет" />
              : (
                <ul className="admin-list">
                  {companies.map((co) => <CompanyRow key={co.id} company={co} />)}
                </ul>
              )}
          </Card>
          <div className="stack">
            <Card title="Управление">
              <nav className="admin-links" aria-label="Разделы администрирования">
                <a href="/users">
                  <Icon name="users" /> Пользователи
                </a>
                {isSystem && (
                  <a href="/companies">
                    <Icon name="building" /> Компании
                  </a>
                )}
                {user.isOwner && (
                  <a href="/admin/users">
                    <Icon name="lock" /> Управление пользователями
                  </a>
                )}
                <a href="/settings">
                  <Icon name="settings" /> Настройки
                </a>
              </nav>
            </Card>
            {isSystem && (
              <Card title="Все кабинеты">
                <nav className="admin-links" aria-label="Кабинеты">
                  {cabinets.map((cab) => (
                    <a key={cab.href} href={cab.href}>
                      <Icon name={cab.icon} /> {cab.label}
                    </a>
                  ))}
                </nav>
              </Card>
            )}
          </div>
        </div>
        <h2 className="section-title">{isSystem ? "Работа всех компаний" : "Работа компании"}</h2>
        <DashboardSection section={dashboard} path="/admin" />
      </div>
    ),
  });
}
