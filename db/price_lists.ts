// A company's own price list: the one reader and the one writer, used by the settings screen, the
// estimate generator and `cli price-list import|export --company` alike. A company has at most one
// active list; an import merges the file over it (or over the base list) and stores the result as a new
// active list, keeping the older ones switched off for the record.
import { and, asc, desc, eq, like, or } from "drizzle-orm";
import type { Db, Executor } from "./client.ts";
import { priceListItems, priceLists } from "./schema/mod.ts";
import { preparedQuery } from "./prepared.ts";
import {
  defaultPriceList,
  mergePriceList,
  type MergeReport,
  type PriceListItem,
  sections,
} from "../estimating/mod.ts";
import type { PriceListSummary } from "../domain/admin.ts";

export type { PriceListSummary };

/** The name of the built-in price list of a company without its own. */
export const BASE_PRICE_LIST_NAME = "Базовый прайс-лист";
/** The name of a company's own list when the import names none. */
export const COMPANY_PRICE_LIST_NAME = "Прайс-лист компании";

export interface CompanyPriceList {
  id: number;
  name: string;
  createdAt: Date;
  /** In the list's own order (the order it was stored in). */
  items: PriceListItem[];
}

type ItemRow = typeof priceListItems.$inferSelect;

/** An item as the engine reads it: one stored without a section belongs to the last one, as on import. */
function toItem(r: ItemRow): PriceListItem {
  return {
    code: r.code,
    name: r.name,
    unit: r.unit,
    section: r.section || sections.misc,
    materialsPrice: r.materialsPrice,
    worksPrice: r.worksPrice,
    ...(r.description ? { description: r.description } : {}),
    ...(r.manufacturer ? { manufacturer: r.manufacturer } : {}),
  };
}

/**
 * The company's active price list (the newest active one) with its items, or null when it uses the base
 * list (it has none, or an empty one).
 */
export async function activePriceList(db: Executor, companyId: number): Promise<CompanyPriceList | null> {
  const list = await newestActiveList(db, companyId);
  if (!list) return null;
  const rows = await preparedQuery(
    db,
    "priceLists.items",
    { listId: list.id, companyId },
    (p) =>
      db.select().from(priceListItems)
        .where(and(eq(priceListItems.priceListId, p.listId), eq(priceListItems.companyId, p.companyId)))
        .orderBy(asc(priceListItems.id)),
  ).all();
  if (rows.length === 0) return null;
  return { id: list.id, name: list.name, createdAt: list.createdAt, items: rows.map(toItem) };
}

/**
 * Items of the company's active price list whose code or name contains `q`, by code, or null when the
 * company has no active list (the caller then searches the base list).
 */
export async function searchCompanyPriceItems(
  db: Db,
  companyId: number,
  q: string,
  limit = 20,
): Promise<PriceListItem[] | null> {
  const list = await newestActiveList(db, companyId);
  if (!list) return null;
  const pattern = `%${q.trim().replace(/[%_]/g, "")}%`;
  const rows = await db.select().from(priceListItems).where(and(
    itemsOf(list.id, companyId),
    or(like(priceListItems.code, pattern), like(priceListItems.name, pattern)),
  )).orderBy(priceListItems.code).limit(limit);
  return rows.map(toItem);
}

/** The company's newest active list (without items), or undefined. */
async function newestActiveList(db: Executor, companyId: number) {
  const [list] = await preparedQuery(
    db,
    "priceLists.newestActive",
    { companyId },
    (p) =>
      db.select().from(priceLists)
        .where(and(eq(priceLists.companyId, p.companyId), eq(priceLists.isActive, true)))
        .orderBy(desc(priceLists.createdAt), desc(priceLists.id)).limit(1),
  ).all();
  return list;
}

/** The items of one list, guarded by its company as well. */
function itemsOf(listId: number, companyId: number) {
  return and(eq(priceListItems.priceListId, listId), eq(priceListItems.companyId, companyId));
}

/**
 * Merges `items` over the company's active list (or the base list) and stores the result as the new
 * active list, in one transaction; `name` names it (when omitted, the active list's name or
 * COMPANY_PRICE_LIST_NAME).
 */
export async function importPriceList(
  db: Db,
  companyId: number,
  items: readonly PriceListItem[],
  name?: string,
): Promise<{ list: { id: number; name: string }; merge: MergeReport }> {
  return await db.transaction(async (tx) => {
    const own = await activePriceList(tx, companyId);
    const merge = mergePriceList(own?.items ?? defaultPriceList, items);
    const listName = (name ?? own?.name ?? COMPANY_PRICE_LIST_NAME).slice(0, 255);
    await tx.update(priceLists).set({ isActive: false }).where(eq(priceLists.companyId, companyId));
    const [list] = await tx.insert(priceLists).values({ companyId, name: listName, isActive: true })
      .returning({ id: priceLists.id, name: priceLists.name });
    for (let i = 0; i < merge.items.length; i += 500) {
      await tx.insert(priceListItems).values(
        merge.items.slice(i, i + 500).map((it) => ({
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
    return { list, merge };
  });
}

/** Switches the company back to the base price list. */
export async function resetPriceList(db: Db, companyId: number): Promise<void> {
  await db.update(priceLists).set({ isActive: false }).where(eq(priceLists.companyId, companyId));
}

/** What the settings page shows of the company's price list. */
export async function priceListSummary(db: Db, companyId: number): Promise<PriceListSummary> {
  const own = await activePriceList(db, companyId);
  return {
    source: own ? "company" : "default",
    name: own?.name ?? BASE_PRICE_LIST_NAME,
    itemCount: own ? own.items.length : defaultPriceList.length,
    createdAt: own?.createdAt.toISOString() ?? null,
  };
}
