// Company queries. `scope` is the caller's company (null = every company, system_admin only).
import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import type { Scope } from "./scope.ts";
import { companies, objects, priceListItems, priceLists, shopSettings, users } from "./schema/mod.ts";
import { defaultPriceList, type PriceListItem } from "../estimating/mod.ts";
import type {
  CompanyInput,
  CompanyJson,
  CompanyPatch,
  PriceListSummary,
  ShopSettingsInput,
  ShopSettingsJson,
} from "../domain/admin.ts";

export type { CompanyJson, PriceListSummary, ShopSettingsJson };

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
  return new Date(`${day}T00:00:00+03:00`);
}

/** The Moscow calendar day of a stored date, for a date input. */
export function dateToDay(date: Date | null): string | null {
  if (!date) return null;
  return new Date(date.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
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

/** The company's active price list (the newest active one) with its items, or null when it uses the base list. */
export async function findCompanyPriceList(db: Db, companyId: number) {
  const [list] = await db.select().from(priceLists)
    .where(and(eq(priceLists.companyId, companyId), eq(priceLists.isActive, true)))
    .orderBy(desc(priceLists.createdAt), desc(priceLists.id)).limit(1);
  if (!list) return null;
  const rows = await db.select().from(priceListItems)
    .where(and(eq(priceListItems.priceListId, list.id), eq(priceListItems.companyId, companyId)))
    .orderBy(asc(priceListItems.id));
  const items: PriceListItem[] = rows.map((r) => ({
    code: r.code,
    name: r.name,
    unit: r.unit,
    section: r.section ?? "",
    materialsPrice: r.materialsPrice,
    worksPrice: r.worksPrice,
    ...(r.description ? { description: r.description } : {}),
    ...(r.manufacturer ? { manufacturer: r.manufacturer } : {}),
  }));
  return { list, items };
}

/**
 * Stores a new active price list for the company, in one transaction: the older lists are switched
 * off (kept for the record), the new one and its items are written.
 */
export async function saveCompanyPriceList(
  db: Db,
  companyId: number,
  name: string,
  items: readonly PriceListItem[],
) {
  return await db.transaction(async (tx) => {
    await tx.update(priceLists).set({ isActive: false }).where(eq(priceLists.companyId, companyId));
    const [list] = await tx.insert(priceLists).values({ companyId, name: name.slice(0, 255), isActive: true })
      .returning();
    for (let i = 0; i < items.length; i += 500) {
      await tx.insert(priceListItems).values(
        items.slice(i, i + 500).map((it) => ({
          priceListId: list.id,
          companyId,
          code: it.code.slice(0, 50),
          name: it.name,
          description: it.description ?? null,
          unit: it.unit.slice(0, 20),
          section: it.section ? it.section.slice(0, 100) : null,
          materialsPrice: it.materialsPrice,
          worksPrice: it.worksPrice,
          manufacturer: it.manufacturer ? it.manufacturer.slice(0, 100) : null,
        })),
      );
    }
    return list;
  });
}

/** Switches the company back to the base price list. */
export async function resetCompanyPriceList(db: Db, companyId: number): Promise<void> {
  await db.update(priceLists).set({ isActive: false }).where(eq(priceLists.companyId, companyId));
}

/** The name of the built-in price list of a company without its own. */
export const BASE_PRICE_LIST_NAME = "Базовый прайс-лист";

/** What the settings page shows of the company's price list. */
export async function priceListSummary(db: Db, companyId: number): Promise<PriceListSummary> {
  const own = await findCompanyPriceList(db, companyId);
  return {
    source: own ? "company" : "default",
    name: own?.list.name ?? BASE_PRICE_LIST_NAME,
    itemCount: own ? own.items.length : defaultPriceList.length,
    createdAt: own?.list.createdAt.toISOString() ?? null,
  };
}
