// Company queries. `scope` is the caller's company (null = every company, system_admin only).
import { and, asc, count, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import type { Scope } from "./scope.ts";
import { moscowDate, moscowDayStart } from "../domain/dates.ts";
import { companies, objects, shopSettings, users } from "./schema/mod.ts";
import type {
  CompanyInput,
  CompanyJson,
  CompanyPatch,
  ShopSettingsInput,
  ShopSettingsJson,
} from "../domain/admin.ts";
import type { EquipmentPriceSetting } from "../estimating/mod.ts";

export type { CompanyJson, ShopSettingsJson };

export type Company = typeof companies.$inferSelect;

// Spelled out: drizzle leaves a column unqualified inside sql``, which would bind to the inner table.
const userCount = sql<number>`(select count(*) from "users" u where u."company_id" = "companies"."id")`;
const objectCount = sql<number>`(select count(*) from "objects" o where o."company_id" = "companies"."id")`;

function scoped(scope: Scope, extra?: SQL): SQL | undefined {
  const own = scope === null ? undefined : eq(companies.id, scope);
  return own && extra ? and(own, extra) : own ?? extra;
}

/** 'YYYY-MM-DD' is a Moscow calendar day; stored as its midnight in Moscow. */
export function dayToDate(day: string | null | undefined): Date | null | undefined {
  if (day === undefined) return undefined;
  if (day === null) return null;
  return moscowDayStart(day);
}

/** The Moscow calendar day of a stored date, for a date input. */
export function dateToDay(date: Date | null): string | null {
  if (!date) return null;
  return moscowDate(date);
}

/** The JSON of a company as the API answers it. */
export function companyJson(c: Company, counts?: { users: number; objects: number }): CompanyJson {
  return {
    id: c.id,
    name: c.name,
    inn: c.inn,
    kpp: c.kpp,
    ogrn: c.ogrn,
    legalAddress: c.legalAddress,
    actualAddress: c.actualAddress,
    phone: c.phone,
    email: c.email,
    website: c.website,
    whatsapp: c.whatsapp,
    telegram: c.telegram,
    logoUrl: c.logoUrl,
    directorName: c.directorName,
    bankName: c.bankName,
    bankAccount: c.bankAccount,
    bankBik: c.bankBik,
    bankCorAccount: c.bankCorAccount,
    subscriptionTier: c.subscriptionTier,
    companyType: c.companyType,
    subscriptionExpiresAt: c.subscriptionExpiresAt?.toISOString() ?? null,
    subscriptionExpiresOn: dateToDay(c.subscriptionExpiresAt),
    isActive: c.isActive,
    createdAt: c.createdAt.toISOString(),
    ...(counts ? { _count: counts } : {}),
  };
}

/** Companies with their user and object counts, by name. */
export async function listCompanies(db: Db, scope: Scope) {
  const rows = await db.select({ company: companies, users: userCount, objects: objectCount }).from(companies)
    .where(scoped(scope)).orderBy(asc(companies.name), asc(companies.id));
  return rows.map((r) => companyJson(r.company, { users: Number(r.users), objects: Number(r.objects) }));
}

export async function findCompany(db: Db, scope: Scope, id: number): Promise<Company | null> {
  const [row] = await db.select().from(companies).where(scoped(scope, eq(companies.id, id)));
  return row ?? null;
}

/** Counts for the stat cards: companies, active companies, users and objects within the scope. */
export async function companyStats(db: Db, scope: Scope) {
  const [c] = await db.select({
    total: count(),
    active: sql<number>`coalesce(sum(case when ${companies.isActive} then 1 else 0 end), 0)`,
  }).from(companies).where(scoped(scope));
  const [u] = await db.select({ n: count() }).from(users)
    .where(scope === null ? undefined : eq(users.companyId, scope));
  const [o] = await db.select({ n: count() }).from(objects)
    .where(scope === null ? undefined : eq(objects.companyId, scope));
  return { companies: c.total, activeCompanies: Number(c.active), users: u.n, objects: o.n };
}

function values(input: CompanyPatch) {
  const { subscriptionExpiresAt, ...rest } = input;
  const out: Partial<typeof companies.$inferInsert> = {};
  for (const [k, v] of Object.entries(rest)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  const expires = dayToDate(subscriptionExpiresAt);
  if (expires !== undefined) out.subscriptionExpiresAt = expires;
  return out;
}

export async function createCompany(db: Db, input: CompanyInput): Promise<Company> {
  const [row] = await db.insert(companies).values({ ...values(input), name: input.name }).returning();
  return row;
}

/** Updates a company within the scope; null when it is not there (or not the caller's). */
export async function updateCompany(db: Db, scope: Scope, id: number, patch: CompanyPatch) {
  const set = values(patch);
  if (Object.keys(set).length === 0) return await findCompany(db, scope, id);
  const [row] = await db.update(companies).set(set).where(scoped(scope, eq(companies.id, id))).returning();
  return row ?? null;
}

export async function setCompanyLogo(db: Db, id: number, logoUrl: string | null): Promise<void> {
  await db.update(companies).set({ logoUrl }).where(eq(companies.id, id));
}

/** id and name of every company, for selects. */
export async function companyOptions(db: Db) {
  return await db.select({ id: companies.id, name: companies.name, isActive: companies.isActive }).from(
    companies,
  )
    .orderBy(asc(companies.name));
}

export type ShopSettings = typeof shopSettings.$inferSelect;

/** The shop settings as the settings form reads them: money in roubles. */
export function shopSettingsJson(s: ShopSettings): ShopSettingsJson {
  return {
    storeName: s.storeName,
    storeDescription: s.storeDescription,
    contactEmail: s.contactEmail,
    contactPhone: s.contactPhone,
    supportPhone: s.supportPhone,
    primaryColor: s.primaryColor,
    secondaryColor: s.secondaryColor,
    accentColor: s.accentColor,
    currency: s.currency,
    taxRate: s.taxRate,
    freeShippingThreshold: s.freeShippingThreshold === null ? null : s.freeShippingThreshold / 100,
    enableGuestCheckout: s.enableGuestCheckout,
    enableInstallationService: s.enableInstallationService,
    enableCalculator: s.enableCalculator,
  };
}

/** The company's shop settings; null when the company has no shop. */
export async function findShopSettings(db: Db, companyId: number): Promise<ShopSettings | null> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.companyId, companyId));
  return row ?? null;
}

export async function updateShopSettings(db: Db, companyId: number, input: ShopSettingsInput) {
  const { freeShippingThreshold, ...rest } = input;
  const [row] = await db.update(shopSettings).set({
    ...rest,
    taxRate: Math.round(rest.taxRate * 100) / 100,
    freeShippingThreshold: freeShippingThreshold === null ? null : Math.round(freeShippingThreshold * 100),
  }).where(eq(shopSettings.companyId, companyId)).returning();
  return row ?? null;
}

/** The company's equipment-price basis for estimates; null for an unknown company. */
export async function findEquipmentPrice(db: Db, companyId: number): Promise<EquipmentPriceSetting | null> {
  const [row] = await db.select({
    basis: companies.equipmentPriceBasis,
    markupPercent: companies.equipmentMarkupPercent,
  }).from(companies).where(eq(companies.id, companyId));
  return row ?? null;
}

/** Sets the company's equipment-price basis; null for an unknown company. */
export async function updateEquipmentPrice(
  db: Db,
  companyId: number,
  setting: EquipmentPriceSetting,
): Promise<EquipmentPriceSetting | null> {
  const [row] = await db.update(companies).set({
    equipmentPriceBasis: setting.basis,
    equipmentMarkupPercent: setting.markupPercent,
  }).where(eq(companies.id, companyId)).returning({
    basis: companies.equipmentPriceBasis,
    markupPercent: companies.equipmentMarkupPercent,
  });
  return row ?? null;
}
