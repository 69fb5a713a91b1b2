// The /estimates list: estimates of the scope by filter, newest first, a page of chosen columns and the
// summary cards. Prepared queries, one per filter shape.
import { and, count, desc, eq, like, type Placeholder, type SQL, sql, sum } from "drizzle-orm";
import type { Db } from "./client.ts";
import { estimates, objects } from "./schema/mod.ts";
import { type Scope } from "./scope.ts";
import { type Placeholders, preparedQuery } from "./prepared.ts";
import type { Columns, RowOf, Shown } from "./columns.ts";
import { engineVatMode, estimateRowColumns, type EstimateStatus } from "./estimates.ts";
import { objectSearchValues, ofObjectsFound } from "./objects.ts";

export interface EstimateFilter {
  objectId?: number;
  status?: EstimateStatus;
  /** Searches the number and the object's address, client name and phone (as /objects searches them). */
  q?: string;
  limit?: number;
  offset?: number;
}

/** The values of a filter, each bound to a placeholder of the prepared list queries. */
function filterValues(scope: Scope, f: EstimateFilter) {
  const q = f.q?.trim().replace(/[%_]/g, "");
  return {
    companyId: scope ?? undefined,
    objectId: f.objectId,
    status: f.status,
    q: q ? `%${q}%` : undefined,
    ...objectSearchValues(q),
  };
}

function filterConditions(p: Placeholders<ReturnType<typeof filterValues>>): SQL | undefined {
  return and(
    // `+`: a search's estimates are those it found, checked for their company, not every estimate of the
    // company asked whether it was found (28 against 4 ms for the cards at 50 000 estimates).
    p.companyId &&
      (p.q ? sql`+${estimates.companyId} = ${p.companyId}` : eq(estimates.companyId, p.companyId)),
    p.objectId && eq(estimates.objectId, p.objectId),
    p.status && eq(estimates.status, p.status),
    p.q && sql`${estimates.id} in ${found(p, p.q)}`,
  );
}

/**
 * The ids of the estimates a search finds: by a part of the number, read from the (company, number) index,
 * or by their object (db/objects.ts ofObjectsFound), read from the object index. (Inside the subqueries
 * "estimates" names their own rows, as SQL scopes a name to the nearest FROM.)
 */
function found(p: Placeholders<ReturnType<typeof filterValues>>, q: Placeholder): SQL {
  const byNumber = and(
    p.companyId && eq(estimates.companyId, p.companyId),
    like(estimates.estimateNumber, q),
  );
  return sql`(select ${estimates.id} from ${estimates} where ${byNumber} union select ${estimates.id} from ${estimates} where ${
    ofObjectsFound(estimates.objectId, p)
  })`;
}

export type EstimateRow = Awaited<ReturnType<typeof listEstimates>>[number];

/** What a row of the /estimates table shows (not the sections, a whole estimate's items as JSON). */
export const estimateTableColumns = {
  id: estimates.id,
  estimateNumber: estimates.estimateNumber,
  objectId: estimates.objectId,
  objectAddress: objects.address,
  totalAmount: estimates.totalAmount,
  status: estimates.status,
  createdAt: estimates.createdAt,
  /** Warnings that change what should be installed: the row is marked. */
  alerts: estimates.alerts,
};

/** Estimates of the scope, newest first, with the object's address. */
export async function listEstimates(db: Db, scope: Scope, f: EstimateFilter = {}) {
  const rows = await listEstimateColumns(db, scope, f, { name: "all", columns: estimateRowColumns });
  return rows.map((r) => ({
    ...r,
    vatMode: engineVatMode(r.vatMode, r.vatIncluded),
    totalCost: r.totalAmount,
  }));
}

/** Estimates of the scope, newest first, with the columns `shown` (the object's among them, if asked). */
export async function listEstimateColumns<C extends Columns>(
  db: Db,
  scope: Scope,
  f: EstimateFilter,
  shown: Shown<C>,
): Promise<RowOf<C>[]> {
  const columns: Columns = shown.columns;
  const values = { ...filterValues(scope, f), limit: f.limit ?? 200, offset: f.offset ?? 0 };
  const rows = await preparedQuery(
    db,
    `estimates.page.${shown.name}`,
    values,
    (p) =>
      db.select(columns).from(estimates)
        .innerJoin(objects, eq(objects.id, estimates.objectId))
        .where(filterConditions(p))
        .orderBy(desc(estimates.createdAt), desc(estimates.id))
        .limit(p.limit)
        .offset(p.offset),
  ).all();
  return rows as RowOf<C>[];
}

/** The four cards of /estimates: count, drafts, approved, total sum (kopecks), for the filter. */
export async function estimateSummary(db: Db, scope: Scope, f: EstimateFilter = {}) {
  const [row] = await preparedQuery(db, "estimates.summary", filterValues(scope, f), (p) => {
    const summary = db.select({
      total: count(),
      drafts: sum(sql`case when ${estimates.status} = 'draft' then 1 else 0 end`),
      approved: sum(sql`case when ${estimates.status} = 'approved' then 1 else 0 end`),
      amount: sum(estimates.totalAmount),
    }).from(estimates).$dynamic();
    // Every estimate has its object (deleting one deletes the other), and a search finds the objects by
    // their ids: the cards are summed from the (company, status, amount) index without reading objects.
    return summary.where(filterConditions(p));
  }).all();
  return {
    total: row.total,
    drafts: Number(row.drafts ?? 0),
    approved: Number(row.approved ?? 0),
    amount: Number(row.amount ?? 0),
  };
}
