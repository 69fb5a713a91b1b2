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
/** Who chooses, per task, one estimate for all its work types or one per work type. */
export const estimateSplitRoles: readonly Role[] = estimateApproverRoles;
/** Who may set an object's status by hand, with a reason: the chief engineer and administrators. */
export const statusOverrideRoles: readonly Role[] = estimateApproverRoles;
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

const shopItems: MenuItem[] = [
  { href: "/ruslos", label: "Интернет-магазин", icon: "shop" },
  { href: "/ruslos/calculator", label: "Подбор септика", icon: "calculator" },
];

/** The entries several menus share. */
const common = {
  objects: { href: "/objects", label: "Объекты", icon: "map" },
  tasks: { href: "/tasks", label: "Задачи", icon: "tasks" },
  schedule: { href: "/schedule", label: "Расписание", icon: "calendar" },
  estimates: { href: "/estimates", label: "Сметы", icon: "estimate" },
  documents: { href: "/documents", label: "Документы", icon: "file" },
  analytics: { href: "/analytics", label: "Аналитика", icon: "chart" },
  companies: { href: "/companies", label: "Компании", icon: "building" },
  settings: { href: "/settings", label: "Настройки", icon: "settings" },
  service: { href: "/service", label: "Обслуживание", icon: "calendar" },
} satisfies Record<string, MenuItem>;

/** A menu's first entry: the role's home panel. */
const home = (href: string, label: string): MenuItem => ({ href, label, icon: "home" });

/** The sidebar of the platform spec's «Roles and permissions»; the shop items stand at position 2. */
export function menuFor(role: Role, isOwner: boolean): MenuItem[] {
  const { objects, tasks, schedule, estimates, documents, analytics, companies, settings, service } = common;
  let items: MenuItem[];
  if (isOwner) {
    const users = { href: "/admin/users", label: "Управление пользователями", icon: "users" };
    items = [home("/admin", "Главная"), users, companies, analytics, settings];
  } else {
    switch (role) {
      case "system_admin":
      case "company_admin":
        items = [
          home("/admin", "Панель администратора"),
          ...(role === "system_admin" ? [companies] : []),
          { href: "/users", label: "Пользователи", icon: "users" },
          analytics,
          settings,
        ];
        break;
      case "chief_engineer":
      case "manager": {
        const team = { href: "/employees", label: "Команда", icon: "users" };
        items = [
          home("/engineer", "Панель инженера"),
          objects,
          tasks,
          service,
          schedule,
          team,
          analytics,
          estimates,
          documents,
          settings,
        ];
        break;
      }
      case "measurement_engineer":
        items = [
          { href: "/surveyor", label: "Мои задачи", icon: "tasks" },
          { href: "/field-work", label: "Выезды", icon: "truck" },
          service,
          objects,
          documents,
          settings,
        ];
        break;
      case "foreman": {
        const projects = { href: "/improved-objects", label: "Проекты", icon: "map" };
        items = [
          home("/foreman", "Панель бригадира"),
          projects,
          schedule,
          service,
          estimates,
          documents,
          settings,
        ];
        break;
      }
      default:
        items = [
          { href: "/profile", label: "Личный кабинет", icon: "user" },
          { href: "/ruslos/orders", label: "Мои заказы", icon: "truck" },
          { href: "/economy-calculator", label: "Калькулятор экономии", icon: "calculator" },
          settings,
        ];
    }
  }
  // The shop's orders and products for those who handle them: after the shop items, or, in the owner's
  // menu, before its settings.
  const shopStaff: MenuItem[] = role === "system_admin" || role === "company_admin" || role === "manager"
    ? [{ href: "/orders", label: "Заказы", icon: "truck" }, {
      href: "/shop-products",
      label: "Товары",
      icon: "shop",
    }]
    : [];
  if (isOwner) return [items[0], ...shopItems, ...items.slice(1, -1), ...shopStaff, ...items.slice(-1)];
  return [items[0], ...shopItems, ...shopStaff, ...items.slice(1)];
}

/** Who adds employees and activates or deactivates them. */
export const employeeManagerRoles: readonly Role[] = ["system_admin", "company_admin", "chief_engineer"];
