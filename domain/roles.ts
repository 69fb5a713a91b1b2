// Roles, their Russian labels and who may open what. Shared by the server (the guard) and the pages.
import { type Role, roles } from "./enums.ts";

export { type Role, roles };

export const roleLabels: Record<Role, string> = {
  system_admin: "Системный администратор",
  company_admin: "Администратор компании",
  chief_engineer: "Главный инженер",
  measurement_engineer: "Инженер-замерщик",
  foreman: "Бригадир",
  manager: "Менеджер",
  user: "Пользователь",
};

/** Any other or empty role is an ordinary customer. */
export function normalizeRole(role: string | null | undefined): Role {
  return (roles as readonly string[]).includes(role ?? "") ? role as Role : "user";
}

/** Company staff: everyone but customers. */
export const staffRoles: readonly Role[] = roles.filter((r) => r !== "user");
export const adminRoles: readonly Role[] = ["system_admin", "company_admin"];
export const engineerCabinetRoles: readonly Role[] = ["chief_engineer", "manager", "system_admin"];
export const foremanRoles: readonly Role[] = ["foreman", "system_admin"];
export const surveyorRoles: readonly Role[] = ["measurement_engineer", "system_admin"];
/** Who may create and edit objects. */
export const objectEditorRoles: readonly Role[] = [
  "manager",
  "chief_engineer",
  "company_admin",
  "system_admin",
];
/** Who may approve or reject an estimate. */
export const estimateApproverRoles: readonly Role[] = ["chief_engineer", "company_admin", "system_admin"];
/** Roles an administrator may give an employee: never system_admin. */
export const employeeRoles: readonly Role[] = [
  "company_admin",
  "chief_engineer",
  "measurement_engineer",
  "foreman",
  "manager",
];

export function hasRole(role: Role, allowed: readonly Role[]): boolean {
  return allowed.includes(role);
}

/** Where `/` sends each role. */
export function homePath(role: Role, isOwner: boolean): string {
  if (isOwner) return "/admin";
  switch (role) {
    case "system_admin":
    case "company_admin":
      return "/admin";
    case "chief_engineer":
    case "manager":
      return "/engineer";
    case "measurement_engineer":
      return "/surveyor";
    case "foreman":
      return "/foreman";
    default:
      return "/profile";
  }
}

export interface MenuItem {
  href: string;
  label: string;
  icon: string;
}

/** Every menu item once; a cabinet's menu lists them by name. */
const pages = {
  shop: { href: "/ruslos", label: "Интернет-магазин", icon: "shop" },
  shopCalculator: { href: "/ruslos/calculator", label: "Подбор септика", icon: "calculator" },
  adminUsers: { href: "/admin/users", label: "Управление пользователями", icon: "users" },
  companies: { href: "/companies", label: "Компании", icon: "building" },
  users: { href: "/users", label: "Пользователи", icon: "users" },
  objects: { href: "/objects", label: "Объекты", icon: "map" },
  projects: { href: "/improved-objects", label: "Проекты", icon: "map" },
  tasks: { href: "/tasks", label: "Задачи", icon: "tasks" },
  team: { href: "/employees", label: "Команда", icon: "users" },
  analytics: { href: "/analytics", label: "Аналитика", icon: "chart" },
  estimates: { href: "/estimates", label: "Сметы", icon: "estimate" },
  documents: { href: "/documents", label: "Документы", icon: "file" },
  fieldWork: { href: "/field-work", label: "Выезды", icon: "truck" },
  myOrders: { href: "/ruslos/orders", label: "Мои заказы", icon: "truck" },
  economy: { href: "/economy-calculator", label: "Калькулятор экономии", icon: "calculator" },
  orders: { href: "/orders", label: "Заказы", icon: "truck" },
  products: { href: "/shop-products", label: "Товары", icon: "shop" },
  settings: { href: "/settings", label: "Настройки", icon: "settings" },
} satisfies Record<string, MenuItem>;

/** A cabinet's first item: its home page under the cabinet's own name. */
const home = (href: string, label: string): MenuItem => ({ href, label, icon: "home" });

/** The menu of a role below its home item, before the shop's items are placed. */
function cabinetMenu(role: Role, isOwner: boolean): MenuItem[] {
  const p = pages;
  if (isOwner) return [home("/admin", "Главная"), p.adminUsers, p.companies, p.analytics, p.settings];
  switch (role) {
    case "system_admin":
    case "company_admin":
      return [
        home("/admin", "Панель администратора"),
        ...(role === "system_admin" ? [p.companies] : []),
        p.users,
        p.analytics,
        p.settings,
      ];
    case "chief_engineer":
    case "manager":
      return [
        home("/engineer", "Панель инженера"),
        p.objects,
        p.tasks,
        p.team,
        p.analytics,
        p.estimates,
        p.documents,
        p.settings,
      ];
    case "measurement_engineer":
      return [
        { href: "/surveyor", label: "Мои задачи", icon: "tasks" },
        p.fieldWork,
        p.objects,
        p.documents,
        p.settings,
      ];
    case "foreman":
      return [home("/foreman", "Панель бригадира"), p.projects, p.estimates, p.documents, p.settings];
    default:
      return [{ href: "/profile", label: "Личный кабинет", icon: "user" }, p.myOrders, p.economy, p.settings];
  }
}

/** The sidebar of spec/1 §6; the shop items stand at position 2. */
export function menuFor(role: Role, isOwner: boolean): MenuItem[] {
  const items = cabinetMenu(role, isOwner);
  const shopItems = [pages.shop, pages.shopCalculator];
  // The shop's orders and products for those who handle them: after the shop items, or, in the owner's
  // menu, before its settings.
  const shopStaff = role === "system_admin" || role === "company_admin" || role === "manager"
    ? [pages.orders, pages.products]
    : [];
  if (isOwner) return [items[0], ...shopItems, ...items.slice(1, -1), ...shopStaff, ...items.slice(-1)];
  return [items[0], ...shopItems, ...shopStaff, ...items.slice(1)];
}

/** Who adds employees and activates or deactivates them. */
export const employeeManagerRoles: readonly Role[] = ["system_admin", "company_admin", "chief_engineer"];
