// The explicit route table of server-rendered pages. Access is enforced on the server by app.ts.
import type { Handler } from "hono";
import type { Access } from "../server/middleware/guard.ts";
import type { CacheRule } from "../server/page_cache.ts";
import type { AppEnv } from "../server/types.ts";
import { engineerCabinetRoles, foremanRoles, homePath, staffRoles, surveyorRoles } from "../domain/roles.ts";
import loginPage from "./login.tsx";
import landingPage from "./landing.tsx";
import profilePage from "./profile.tsx";
import { shopPageRoutes } from "./shop/mod.tsx";
import { orderDetailPage, ordersPage, shopProductsPage } from "./shop_staff.tsx";
import { shopStaffRoles } from "../domain/shop.ts";
import estimatesPage from "./estimates.tsx";
import estimatePage, { estimatePrintPage } from "./estimate.tsx";
import fieldWorkPage from "./field_work.tsx";
import objectsPage, { improvedObjectsPage } from "./objects.tsx";
import documentsPage from "./documents.tsx";
import employeesPage from "./employees.tsx";
import adminPage from "./admin.tsx";
import adminUsersPage from "./admin_users.tsx";
import companiesPage from "./companies.tsx";
import usersPage from "./users.tsx";
import settingsPage from "./settings.tsx";
import tasksPage from "./tasks.tsx";
import schedulePage from "./schedule.tsx";
import dashboardPage from "./dashboard.tsx";
import engineerPage from "./engineer.tsx";
import surveyorPage from "./surveyor.tsx";
import foremanPage from "./foreman.tsx";
import notificationsPage from "./notifications.tsx";
import analyticsPage from "./analytics.tsx";
import measurementsPage from "./measurements.tsx";
import clientLinkPage from "./client_link.tsx";
import unsubscribePage from "./unsubscribe.tsx";
import contractPrintPage from "./contract_print.tsx";
import contractPage from "./contract.tsx";
import servicePage from "./service.tsx";
import serviceVisitPage from "./service_visit.tsx";

export interface PageRoute {
  path: string;
  /** "public" pages need no session; the others redirect a signed-out visitor to /login. */
  access: "public" | Access;
  /** The access-denied text for a role that may not open the page. */
  denied?: string;
  handler: Handler<AppEnv>;
  /**
   * The page is cached until a table it reads changes (server/page_cache.ts): the lists and cabinets people
   * reload most, and the storefront every signed-out visitor gets alike. The tables are checked against the
   * statements the page runs by server/page_cache_test.ts.
   */
  cache?: CacheRule;
}

const home: Handler<AppEnv> = (c) => c.redirect(homePath(c.get("user")!.role, c.get("user")!.isOwner));

const shopOrdersDenied = "Заказы магазина доступны администраторам и менеджерам";

/** What a signed-in role that may not open the page is told, by path; other pages say it in general words. */
const deniedTexts: Record<string, string> = {
  "/companies": "У вас нет прав доступа к управлению компаниями",
  "/users": "У вас нет прав доступа к управлению пользователями",
  "/engineer": "У вас нет прав доступа к кабинету инженера",
  "/surveyor": "Кабинет замерщика доступен только инженерам-замерщикам",
  "/foreman": "У вас нет прав доступа к панели бригадира",
  "/measurements": "Сводка замеров доступна руководителям и инженерам",
  "/orders": shopOrdersDenied,
  "/orders/:id{[0-9]+}": shopOrdersDenied,
  "/shop-products": "Товары магазина доступны администраторам и менеджерам",
};

/** What the dashboard and the engineer's cabinet read: the work, the feed and the money figures. */
const cabinetTables = [
  "tasks",
  "objects",
  "users",
  "activities",
  "documents",
  "payments",
  "contracts",
  "contract_signatures",
  "company_day_tallies",
  "open_task_tallies",
];

/** What the field-work screen reads: the active tasks with their objects and assignees. */
const fieldWorkTables = ["tasks", "objects", "users"];

/** The dashboard's tables: the cabinet's and the service figures' (db/service_figures.ts). */
const dashboardTables = [...cabinetTables, "service_agreements", "service_visits"];

const routes: Omit<PageRoute, "denied">[] = [
  { path: "/", access: "auth", handler: home },
  { path: "/login", access: "public", handler: loginPage },
  { path: "/landing", access: "public", handler: landingPage },
  { path: "/profile", access: "auth", handler: profilePage },
  { path: "/admin", access: "auth", handler: adminPage },
  { path: "/admin/users", access: "owner", handler: adminUsersPage },
  { path: "/companies", access: ["system_admin"], handler: companiesPage },
  { path: "/users", access: ["system_admin", "company_admin"], handler: usersPage },
  { path: "/settings", access: "auth", handler: settingsPage },
  {
    path: "/tasks",
    access: staffRoles,
    handler: tasksPage,
    cache: {
      tables: ["tasks", "objects", "users", "crews", "crew_members", "company_day_tallies"],
    },
  },
  {
    path: "/schedule",
    access: staffRoles,
    handler: schedulePage,
    cache: { tables: ["tasks", "objects", "users", "crews", "crew_members"] },
  },
  {
    path: "/dashboard",
    access: staffRoles,
    handler: dashboardPage,
    cache: { tables: dashboardTables },
  },
  {
    path: "/engineer",
    access: engineerCabinetRoles,
    handler: engineerPage,
    cache: { tables: cabinetTables },
  },
  {
    path: "/surveyor",
    access: surveyorRoles,
    handler: surveyorPage,
    cache: {
      tables: [
        "tasks",
        "objects",
        "estimates",
        "crews",
        "crew_members",
        "users",
        "company_day_tallies",
        "open_task_tallies",
      ],
    },
  },
  {
    path: "/foreman",
    access: foremanRoles,
    handler: foremanPage,
    cache: {
      tables: [
        "tasks",
        "objects",
        "object_notes",
        "estimates",
        "crews",
        "crew_members",
        "documents",
        "payments",
        "contracts",
        "contract_signatures",
        "users",
      ],
    },
  },
  {
    path: "/notifications",
    access: "auth",
    handler: notificationsPage,
    cache: { tables: ["notifications"] },
  },
  {
    path: "/analytics",
    access: staffRoles,
    handler: analyticsPage,
    cache: {
      tables: [
        "tasks",
        "objects",
        "users",
        "payments",
        "contracts",
        "contract_signatures",
        "service_agreements",
        "service_visits",
        "company_day_tallies",
        "open_task_tallies",
      ],
    },
  },
  {
    path: "/objects",
    access: staffRoles,
    handler: objectsPage,
    cache: { tables: ["objects", "object_notes"] },
  },
  {
    path: "/improved-objects",
    access: staffRoles,
    handler: improvedObjectsPage,
    cache: { tables: ["objects", "object_notes"] },
  },
  {
    path: "/documents",
    access: staffRoles,
    handler: documentsPage,
    cache: { tables: ["documents", "objects", "users"] },
  },
  {
    path: "/employees",
    access: staffRoles,
    handler: employeesPage,
    cache: { tables: ["users"] },
  },
  {
    path: "/estimates",
    access: staffRoles,
    handler: estimatesPage,
    cache: { tables: ["estimates", "objects", "document_numbers"] },
  },
  {
    path: "/estimates/:id{[0-9]+}",
    access: staffRoles,
    handler: estimatePage,
    cache: {
      tables: [
        "estimates",
        "estimate_items",
        "estimate_versions",
        "estimate_changes",
        "estimate_decisions",
        "contracts",
        "objects",
        "users",
      ],
    },
  },
  { path: "/estimates/:id{[0-9]+}/print", access: staffRoles, handler: estimatePrintPage },
  {
    path: "/field-work",
    access: staffRoles,
    handler: fieldWorkPage,
    cache: { tables: fieldWorkTables },
  },
  {
    path: "/service",
    access: staffRoles,
    handler: servicePage,
    cache: { tables: ["service_visits", "service_agreements", "objects", "tasks", "users"] },
  },
  {
    path: "/service/visits/:id{[0-9]+}",
    access: staffRoles,
    handler: serviceVisitPage,
    cache: {
      tables: [
        "service_visits",
        "service_agreements",
        "objects",
        "tasks",
        "users",
        "price_lists",
        // Read only when the company has an active price list (its parts section), which the demo has not.
        "price_list_items",
        "documents",
      ],
    },
  },
  {
    path: "/objects/:id{[0-9]+}/field-work",
    access: staffRoles,
    handler: fieldWorkPage,
    cache: { tables: fieldWorkTables },
  },
  {
    path: "/measurements",
    access: ["system_admin", "company_admin", "chief_engineer", "manager"],
    handler: measurementsPage,
    cache: { tables: ["tasks", "objects", "measurement_records", "users"] },
  },
  { path: "/c/:token", access: "public", handler: clientLinkPage },
  { path: "/unsubscribe/:token", access: "public", handler: unsubscribePage },
  {
    path: "/contracts/:id{[0-9]+}",
    access: staffRoles,
    handler: contractPage,
    cache: { tables: ["contracts", "contract_signatures", "payments", "client_links", "objects", "users"] },
  },
  { path: "/contracts/:id{[0-9]+}/print", access: staffRoles, handler: contractPrintPage },
  { path: "/orders", access: shopStaffRoles, handler: ordersPage },
  { path: "/orders/:id{[0-9]+}", access: shopStaffRoles, handler: orderDetailPage },
  {
    path: "/shop-products",
    access: shopStaffRoles,
    handler: shopProductsPage,
    cache: { tables: ["products", "product_categories", "companies", "shop_settings"] },
  },
  ...shopPageRoutes.map((r) => ({ ...r, access: "public" as const })),
];

export const pageRoutes: PageRoute[] = routes.map((r) =>
  deniedTexts[r.path] ? { ...r, denied: deniedTexts[r.path] } : r
);
