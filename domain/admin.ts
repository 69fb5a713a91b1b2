// Company and user administration payloads, shared by the server and the admin islands (zod/mini).
import * as z from "zod/mini";
import { companyTypes, type Role, roles, subscriptionTiers } from "./enums.ts";
import { cleanRequisite, requisiteErrors } from "./requisites.ts";
import { companyTextFields } from "./company_fields.ts";
import { equipmentPriceBases, MAX_MARKUP_PERCENT } from "../estimating/catalogue/equipment_price.ts";
import { isRecordId, MAX_AMOUNT_KOPECKS, optionalCalendarDate } from "./bounds.ts";

const toNull = (v: string) => (v === "" ? null : v);

/** An optional text: trimmed, '' and null both mean "not given". */
const text = (max = 500) =>
  z.optional(z.nullable(z.pipe(
    z.string().check(z.trim(), z.maxLength(max, `Не более ${max} символов`)),
    z.transform(toNull),
  )));

/** A requisite: spaces and dashes dropped; checked by requisiteErrors. */
const requisite = z.optional(
  z.nullable(z.pipe(z.string(), z.transform((v: string) => toNull(cleanRequisite(v))))),
);

const emailRe = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const optionalEmail = z.optional(z.nullable(z.pipe(
  z.string().check(z.trim(), z.refine((v) => v === "" || emailRe.test(v), "Некорректный email")),
  z.transform((v: string) => toNull(v.toLowerCase())),
)));

/** A site address; 'demo.ru' is taken as 'https://demo.ru'. */
export function normalizeWebsite(value: string): string | null {
  const v = value.trim();
  if (!v) return null;
  const url = /^https?:\/\//i.test(v) ? v : `https://${v}`;
  try {
    const parsed = new URL(url);
    return parsed.hostname.includes(".") ? url : null;
  } catch {
    return null;
  }
}

const website = z.optional(z.nullable(z.pipe(
  z.string().check(
    z.trim(),
    z.refine((v) => v === "" || normalizeWebsite(v) !== null, "Некорректный адрес сайта"),
  ),
  z.transform((v: string) => normalizeWebsite(v)),
)));

/** 'YYYY-MM-DD' from a date input (a real calendar day), or empty. */
const dateOnly = optionalCalendarDate("Укажите дату");

export const companyFields = {
  name: z.string({ error: "Заполните название компании" }).check(
    z.trim(),
    z.minLength(1, "Заполните название компании"),
    z.minLength(2, "Минимум 2 символа"),
    z.maxLength(255, "Не более 255 символов"),
  ),
  inn: requisite,
  kpp: requisite,
  ogrn: requisite,
  legalAddress: text(),
  actualAddress: text(),
  phone: text(50),
  email: optionalEmail,
  website,
  whatsapp: text(100),
  telegram: text(100),
  directorName: text(255),
  bankName: text(255),
  bankAccount: requisite,
  bankBik: requisite,
  bankCorAccount: requisite,
  subscriptionTier: z.optional(z.enum(subscriptionTiers, "Выберите тариф")),
  companyType: z.optional(z.enum(companyTypes, "Выберите тип компании")),
  subscriptionExpiresAt: dateOnly,
  isActive: z.optional(z.boolean()),
};

/** Adds one issue per wrong requisite, naming its field. */
const requisitesCheck = z.superRefine((v: Record<string, unknown>, ctx) => {
  for (const [field, message] of Object.entries(requisiteErrors(v))) {
    ctx.issues.push({ code: "custom", message, path: [field], input: v[field] });
  }
});

/** POST /api/companies and the company form. */
export const companySchema = z.object(companyFields).check(requisitesCheck);
export type CompanyInput = z.infer<typeof companySchema>;

/** PATCH /api/companies/:id: any subset; the requisites are checked again on the merged record. */
export const companyPatchSchema = z.partial(z.object(companyFields));
export type CompanyPatch = z.infer<typeof companyPatchSchema>;

/** What a company_admin may change of its own company (not tier, expiry or activity). */
export const companyAdminEditable = [...companyTextFields, "companyType"] as const;

const REQUIRED = "Заполните все обязательные поля";

const name = (message: string) =>
  z.string({ error: message }).check(
    z.trim(),
    z.minLength(1, message),
    z.maxLength(100, "Не более 100 символов"),
  );

const email = z.pipe(
  z.string({ error: "Email обязателен" }).check(z.trim(), z.minLength(1, "Email обязателен")),
  z.pipe(z.email("Некорректный email"), z.transform((v: string) => v.toLowerCase())),
);

const password = z.string({ error: "Пароль обязателен" }).check(
  z.minLength(1, "Пароль обязателен"),
  z.minLength(6, "Пароль должен содержать минимум 6 символов"),
  z.maxLength(200, "Не более 200 символов"),
);

/** A company id from a select: a whole number, or null for none. */
const companyId = z.nullable(z.pipe(
  z.union([z.number(), z.string()]),
  z.transform((v: number | string, ctx) => {
    const n = typeof v === "number" ? v : v === "" ? NaN : Number(v);
    if (!isRecordId(n)) {
      ctx.issues.push({ code: "custom", message: "Выберите компанию", input: v });
      return z.NEVER;
    }
    return n;
  }),
));

/** Roles that work without a company: the system administrator and customers. */
export const companylessRoles = ["system_admin", "user"] as const;

/** A user of any role but these belongs to a company. */
export function needsCompany(role: string): boolean {
  return !(companylessRoles as readonly string[]).includes(role);
}

/**
 * POST /api/users and the create-user form. Default role measurement_engineer. The company is
 * required for staff (needsCompany); a company_admin's users always go to its own company.
 */
export const userCreateSchema = z.object({
  firstName: name("Имя обязательно"),
  lastName: name("Фамилия обязательна"),
  email,
  role: z._default(z.enum(roles, "Выберите роль"), "measurement_engineer"),
  companyId: z.optional(companyId),
  isActive: z._default(z.boolean(), true),
  password,
});
export type UserCreateInput = z.infer<typeof userCreateSchema>;

/** PATCH /api/users/:id. */
export const userPatchSchema = z.object({
  firstName: z.optional(name("Имя обязательно")),
  lastName: z.optional(name("Фамилия обязательна")),
  email: z.optional(email),
  role: z.optional(z.enum(roles, "Выберите роль")),
  companyId: z.optional(companyId),
  isActive: z.optional(z.boolean()),
  password: z.optional(password),
});
export type UserPatchInput = z.infer<typeof userPatchSchema>;

/** PUT /api/admin/users/:id/role */
export const roleChangeSchema = z.object({ role: z.enum(roles, "Выберите роль") });

/** PUT /api/admin/users/:id/company: null removes the company. */
export const companyAssignSchema = z.object({ companyId: companyId });

/** PATCH /api/profile: the user's own name. */
export const profileSchema = z.object({
  firstName: name("Имя обязательно"),
  lastName: name("Фамилия обязательна"),
});

/** The form-level message when a required field is empty (the platform spec's «Validation rules»). */
export const REQUIRED_FIELDS_MESSAGE = REQUIRED;

const hexColor = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, "Цвет в формате #RRGGBB"));

/** The store name's message, verbatim from the objects and shop spec (validation, «Shop»). */
const STORE_NAME_REQUIRED = "Название магазина обязательно";

/** PUT /api/settings/shop: the company's shop settings (money in roubles in the form, kopecks in the table). */
export const shopSettingsSchema = z.object({
  storeName: z.string({ error: STORE_NAME_REQUIRED }).check(
    z.trim(),
    z.minLength(1, STORE_NAME_REQUIRED),
    z.maxLength(255, "Не более 255 символов"),
  ),
  storeDescription: text(2000),
  contactEmail: optionalEmail,
  contactPhone: text(50),
  supportPhone: text(50),
  primaryColor: hexColor,
  secondaryColor: hexColor,
  accentColor: hexColor,
  taxRate: z.number("Укажите ставку налога").check(z.gte(0, "Не меньше 0"), z.lte(100, "Не больше 100")),
  /** Roubles; null for no free shipping. */
  freeShippingThreshold: z.nullable(
    z.number("Укажите сумму").check(
      z.gte(0, "Не меньше 0"),
      z.lte(MAX_AMOUNT_KOPECKS / 100, "Не больше 1 млрд ₽"),
    ),
  ),
  enableGuestCheckout: z.boolean(),
  enableInstallationService: z.boolean(),
  enableCalculator: z.boolean(),
});
export type ShopSettingsInput = z.infer<typeof shopSettingsSchema>;

/** A user as the admin lists answer it (`db/users.ts adminUserJson`): never the password. */
export interface AdminUserJson {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  companyId: number | null;
  role: Role;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  company: { id: number; name: string } | null;
  companyName: string | null;
}

/** A company as the API answers it (`db/companies.ts companyJson`); the counts in lists only. */
export interface CompanyJson {
  id: number;
  name: string;
  inn: string | null;
  kpp: string | null;
  ogrn: string | null;
  legalAddress: string | null;
  actualAddress: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  whatsapp: string | null;
  telegram: string | null;
  logoUrl: string | null;
  directorName: string | null;
  bankName: string | null;
  bankAccount: string | null;
  bankBik: string | null;
  bankCorAccount: string | null;
  subscriptionTier: typeof subscriptionTiers[number];
  companyType: typeof companyTypes[number];
  subscriptionExpiresAt: string | null;
  /** The expiry as a Moscow calendar day, 'YYYY-MM-DD', for a date input. */
  subscriptionExpiresOn: string | null;
  isActive: boolean;
  createdAt: string;
  _count?: { users: number; objects: number };
}

/** An employee as the employees API answers it (`db/employees.ts employeeJson`). */
export interface EmployeeJson {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  role: Role;
  isActive: boolean;
  profileImageUrl: string | null;
  companyId: number | null;
  createdAt: string;
}

/** The shop settings as the settings form reads them (`db/companies.ts shopSettingsJson`): money in roubles. */
export interface ShopSettingsJson {
  storeName: string;
  storeDescription: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  supportPhone: string | null;
  primaryColor: string;
  secondaryColor: string;
  accentColor: string;
  currency: string;
  taxRate: number;
  /** Roubles. */
  freeShippingThreshold: number | null;
  enableGuestCheckout: boolean;
  enableInstallationService: boolean;
  enableCalculator: boolean;
}

/** What the settings page shows of a company's price list (`db/price_lists.ts priceListSummary`). */
export interface PriceListSummary {
  source: "company" | "default";
  name: string;
  itemCount: number;
  createdAt: string | null;
}

/** The company's equipment-price basis for estimates, as PUT /api/settings/equipment-price takes it. */
export const equipmentPriceSchema = z.object({
  basis: z.enum(equipmentPriceBases, "Выберите, по какой цене считать оборудование"),
  markupPercent: z.number("Укажите наценку числом").check(
    z.int("Наценка — целое число процентов"),
    z.gte(0, "Наценка не может быть отрицательной"),
    z.lte(MAX_MARKUP_PERCENT, `Наценка не больше ${MAX_MARKUP_PERCENT} %`),
  ),
});
