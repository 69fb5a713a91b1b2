// Object (client site) queries. Every function takes the company scope (null = every company, system_admin).
import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  like,
  or,
  type Placeholder,
  type SQL,
  sql,
} from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db, Executor } from "./client.ts";
import { companyCondition, type Scope } from "./scope.ts";
import type { Columns, RowOf, Shown } from "./columns.ts";
import { findRow, type Placeholders, preparedQuery, updateRow } from "./prepared.ts";
import { objects, tasks, users } from "./schema/mod.ts";
import { notifyRoles, recordActivity } from "./notifications.ts";
import {
  clientNumberFields,
  type ObjectCreateInput,
  type ObjectJson,
  type ObjectPatchInput,
  type ObjectStatus,
  objectTextFields,
  toKopecks,
  toRoubles,
  type WorkType,
} from "../domain/objects.ts";
import { jobBadge } from "../domain/job_status.ts";
import { jobMoney, moneyInRoubles } from "../domain/job_money.ts";

export type ObjectRow = typeof objects.$inferSelect;

export interface ObjectFilter {
  status?: ObjectStatus;
  workType?: WorkType;
  district?: string;
  /** Address, client name or phone contains it. */
  q?: string;
  page?: number;
  pageSize?: number;
}

/** SQLite's LIKE folds case for ASCII only: try the spellings a person types Cyrillic in. */
function caseVariants(q: string): string[] {
  const lower = q.toLowerCase();
  return [...new Set([q, lower, q.toUpperCase(), lower.charAt(0).toUpperCase() + lower.slice(1)])];
}

const SEARCH_SLOTS = ["q0", "q1", "q2", "q3"] as const;

/** The trigram index (migration 0033_objects_search) finds parts of this many characters or more. */
const TRIGRAM = 3;

/**
 * A search of objects by any part of the address, client name or phone, as values of placeholders of a
 * prepared query: `match`, a phrase of the trigram index, for three characters or more; a LIKE per
 * spelling (`q0`…`q3`) for one or two, which the index cannot find.
 */
export function objectSearchValues(q: string | undefined): {
  match?: string;
} & { [K in typeof SEARCH_SLOTS[number]]?: string } {
  // Control characters are no part of an address, and a NUL would end the index's query string early.
  const text = q?.replace(/\p{Cc}/gu, "").trim();
  if (!text) return {};
  if ([...text].length >= TRIGRAM) return { match: `"${text.replaceAll('"', '""')}"` };
  return Object.fromEntries(caseVariants(text).map((v, i) => [SEARCH_SLOTS[i], `%${v}%`]));
}

/**
 * The objects matching a search's placeholders (objectSearchValues); undefined for no search. The index
 * changes only with `objects` (its triggers), so a cached page that searches depends on `objects` alone.
 */
function objectSearchCondition(
  p: Placeholders<ReturnType<typeof objectSearchValues>>,
): SQL | undefined {
  if (p.match) {
    return sql`${objects.id} in (select rowid from objects_search where objects_search match ${p.match})`;
  }
  const search: SQL[] = [];
  for (const slot of SEARCH_SLOTS) {
    const pattern = p[slot];
    if (pattern) search.push(like(objects.address, pattern), like(objects.clientName, pattern));
  }
  return search.length > 0 ? or(...search) : undefined;
}

/**
 * The objects of the company `p.companyId` names. A search's are those the trigram index lists, checked for
 * their company (the `+` keeps SQLite off the company index): walking the company's objects to ask each
 * whether it was listed took 9.6 ms against 0.7 ms at 100 000 objects for a search that finds 427.
 */
function objectsOfCompany(p: { companyId: Placeholder; match?: Placeholder }): SQL {
  return p.match ? sql`+${objects.companyId} = ${p.companyId}` : eq(objects.companyId, p.companyId);
}

/**
 * `objectId` names an object of the company `p.companyId` (any, when undefined) that the search matches:
 * the tasks or estimates of the objects found. Undefined for no search.
 */
export function ofObjectsFound(
  objectId: SQLiteColumn,
  p: Placeholders<ReturnType<typeof objectSearchValues> & { companyId: number | undefined }>,
): SQL | undefined {
  const search = objectSearchCondition(p);
  if (!search) return undefined;
  const company = p.companyId && objectsOfCompany({ companyId: p.companyId, match: p.match });
  return sql`${objectId} in (select ${objects.id} from ${objects} where ${and(company, search)})`;
}

/** The values of a filter, each bound to a placeholder of the prepared list queries. */
function filterValues(scope: Scope, f: ObjectFilter) {
  return {
    companyId: scope ?? undefined,
    status: f.status,
    workType: f.workType,
    district: f.district,
    ...objectSearchValues(f.q),
  };
}

/**
 * The filter's objects. The count starts from what a search found (`counted`); a page walks the company's
 * objects newest first and stops at its last row, which for a word every address holds is 24 rows instead of
 * ordering 100 000.
 */
function filterCondition(p: Placeholders<ReturnType<typeof filterValues>>, counted = false): SQL | undefined {
  return and(
    p.companyId &&
      (counted
        ? objectsOfCompany({ companyId: p.companyId, match: p.match })
        : eq(objects.companyId, p.companyId)),
    p.status && eq(objects.status, p.status),
    p.workType && eq(objects.workType, p.workType),
    p.district && eq(objects.district, p.district),
    objectSearchCondition(p),
  );
}

/** What an object card on /objects shows: reading only these is 14 of the 23 columns per row. */
export const objectCardColumns = {
  id: objects.id,
  address: objects.address,
  status: objects.status,
  settlement: objects.settlement,
  city: objects.city,
  region: objects.region,
  distanceFromMKAD: objects.distanceFromMKAD,
  direction: objects.direction,
  district: objects.district,
  workType: objects.workType,
  clientName: objects.clientName,
  clientPhone: objects.clientPhone,
  estimatedCost: objects.estimatedCost,
  stage: objects.stage,
  contractTotal: objects.contractTotal,
  receivedTotal: objects.receivedTotal,
  description: objects.description,
};
export type ObjectCardRow = RowOf<typeof objectCardColumns>;

/** One page of /objects' cards and the filter's total. */
export function objectCards(db: Db, scope: Scope, f: ObjectFilter) {
  return listObjects(db, scope, f, { name: "cards", columns: objectCardColumns });
}

/** One page of objects, newest first, and the total matching the filter: every column, or those `shown`. */
export function listObjects(
  db: Db,
  scope: Scope,
  f?: ObjectFilter,
): Promise<{ rows: ObjectRow[]; total: number; page: number; pageSize: number }>;
export function listObjects<C extends Columns>(
  db: Db,
  scope: Scope,
  f: ObjectFilter,
  shown: Shown<C>,
): Promise<{ rows: RowOf<C>[]; total: number; page: number; pageSize: number }>;
export async function listObjects(
  db: Db,
  scope: Scope,
  f: ObjectFilter = {},
  shown?: Shown<Columns>,
): Promise<{ rows: unknown[]; total: number; page: number; pageSize: number }> {
  const pageSize = Math.min(Math.max(f.pageSize ?? 24, 1), 200);
  const page = Math.max(f.page ?? 1, 1);
  const values = filterValues(scope, f);
  const columns: Columns = shown?.columns ?? getTableColumns(objects);
  const [rows, [{ total }]] = await Promise.all([
    preparedQuery(
      db,
      `objects.page.${shown?.name ?? "all"}`,
      { ...values, limit: pageSize, offset: (page - 1) * pageSize },
      (p) =>
        db.select(columns).from(objects).where(filterCondition(p))
          .orderBy(desc(objects.createdAt), desc(objects.id))
          .limit(p.limit).offset(p.offset),
    ).all(),
    preparedQuery(
      db,
      "objects.count",
      values,
      (p) => db.select({ total: count() }).from(objects).where(filterCondition(p, true)),
    ).all(),
  ]);
  return { rows, total, page, pageSize };
}

/**
 * The districts the company's objects carry, for the filter. Each step seeks the next district in the
 * (company, district) index, so the cost follows the number of districts, not of objects: `select
 * distinct` read every object's entry (4.6 ms at 10 000 objects, docs/performance.md). Every company's
 * districts (the system administrator's) seek company by company: 26 ms at 10× without.
 */
export async function objectDistricts(db: Db, scope: Scope): Promise<string[]> {
  const rows = await preparedQuery(db, "objects.districts", { companyId: scope ?? undefined }, (p) => {
    const inScope = companyCondition(objects.companyId, p.companyId);
    return db.select({ district: sql<string>`district` }).from(sql`(
      with recursive d(district) as (
        select min(${objects.district}) from ${objects} where ${inScope}
        union all
        select (select min(${objects.district}) from ${objects} where ${inScope} and ${objects.district} > d.district)
        from d where d.district is not null
      )
      select district from d where district is not null)`);
  }).all();
  return rows.map((r) => r.district).filter(Boolean);
}

/** The newest objects of the scope with the given columns (pickers, the cabinets' latest objects). */
export async function newestObjects<C extends Columns>(
  db: Db,
  scope: Scope,
  options: { name: string; columns: C; limit: number },
): Promise<RowOf<C>[]> {
  const columns: Columns = options.columns;
  const values = { companyId: scope ?? undefined, limit: options.limit };
  const rows = await preparedQuery(
    db,
    `objects.newest.${options.name}`,
    values,
    (p) =>
      db.select(columns).from(objects).where(p.companyId && eq(objects.companyId, p.companyId))
        .orderBy(desc(objects.createdAt), desc(objects.id)).limit(p.limit),
  ).all();
  return rows as RowOf<C>[];
}

/** The newest objects a dialog's object field lists; it searches the others (components/ObjectPicker.tsx). */
export const DIALOG_OBJECTS = 50;

/**
 * Objects to choose from in the dialogs, newest first; `chosen` (the object a list was opened for) is added
 * last when it is older than those, so the list's filter can name it and a dialog can preselect it.
 */
export async function objectChoices(
  db: Db,
  scope: Scope,
  { limit = DIALOG_OBJECTS, chosen }: { limit?: number; chosen?: number } = {},
) {
  const columns = { id: objects.id, address: objects.address };
  const newest = await newestObjects(db, scope, { name: "choices", columns, limit });
  if (chosen === undefined || newest.some((o) => o.id === chosen)) return newest;
  const older = await findObject(db, scope, chosen);
  return older ? [...newest, { id: older.id, address: older.address }] : newest;
}

export async function findObject(db: Db, scope: Scope, id: number): Promise<ObjectRow | null> {
  return await findRow(db, "objects.one", objects, id, scope);
}

/** The object's tasks with their assignee, for the detail answer. */
export async function objectTasks(db: Db, objectId: number) {
  const rows = await preparedQuery(db, "objects.tasks", { objectId }, (p) =>
    db.select({
      id: tasks.id,
      title: tasks.title,
      description: tasks.description,
      status: tasks.status,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
    }).from(tasks).leftJoin(users, eq(tasks.assignedTo, users.id)).where(eq(tasks.objectId, p.objectId))
      .orderBy(desc(tasks.createdAt))).all();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    status: r.status,
    assignedUser: r.userId ? { id: r.userId, firstName: r.firstName, lastName: r.lastName } : null,
  }));
}

export function objectJson(row: ObjectRow, extra: Pick<ObjectJson, "tasks"> = {}): ObjectJson {
  return {
    id: row.id,
    companyId: row.companyId,
    address: row.address,
    settlement: row.settlement,
    region: row.region,
    city: row.city,
    district: row.district,
    direction: row.direction,
    coordinates: row.coordinates,
    latitude: row.latitude,
    longitude: row.longitude,
    distanceFromMKAD: row.distanceFromMKAD,
    clientName: row.clientName,
    clientPhone: row.clientPhone,
    clientEmail: row.clientEmail,
    clientKind: row.clientKind,
    clientInn: row.clientInn,
    clientKpp: row.clientKpp,
    clientOgrn: row.clientOgrn,
    clientLegalAddress: row.clientLegalAddress,
    clientSigner: row.clientSigner,
    clientBankName: row.clientBankName,
    clientBankBik: row.clientBankBik,
    clientBankAccount: row.clientBankAccount,
    clientBankCorAccount: row.clientBankCorAccount,
    workType: row.workType,
    status: row.status,
    stage: row.stage,
    badge: jobBadge(row),
    statusOverride: row.statusOverride
      ? {
        status: row.statusOverride,
        reason: row.statusOverrideReason ?? "",
        at: row.statusOverrideAt?.toISOString() ?? null,
      }
      : null,
    description: row.description,
    estimatedCost: toRoubles(row.estimatedCost),
    actualCost: toRoubles(row.actualCost),
    money: moneyInRoubles(jobMoney(row)),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...extra,
  };
}

type Values = Partial<typeof objects.$inferInsert>;

function columnsOf(input: ObjectPatchInput): Values {
  const v: Values = {};
  const copy = [...objectTextFields, ...clientNumberFields, "latitude", "longitude"] as const;
  for (const key of copy) if (input[key] !== undefined) (v as Record<string, unknown>)[key] = input[key];
  if (input.distanceFromMKAD !== undefined) v.distanceFromMKAD = input.distanceFromMKAD;
  if (input.estimatedCost !== undefined) v.estimatedCost = toKopecks(input.estimatedCost);
  if (input.actualCost !== undefined) v.actualCost = toKopecks(input.actualCost);
  return v;
}

/** Creates the object, records it in the activity feed and tells the company's chief engineers. */
export async function createObject(
  db: Db,
  input: ObjectCreateInput & { companyId: number },
  options: { userId: number; now: Date },
): Promise<ObjectRow> {
  return await db.transaction(async (tx) => {
    const values = columnsOf(input);
    // A status other than «Новый» chosen at creation is a hand-set status: recorded as the override it is.
    const handSet = values.status && values.status !== "new"
      ? {
        stage: "override",
        statusOverride: values.status,
        statusOverrideReason: "Статус задан при создании объекта",
        statusOverrideBy: options.userId,
        statusOverrideAt: options.now,
      }
      : {};
    const [row] = await tx.insert(objects).values({
      ...values,
      ...handSet,
      address: input.address,
      companyId: input.companyId,
      createdBy: options.userId,
      createdAt: options.now,
      updatedAt: options.now,
    }).returning();
    await recordActivity(tx, {
      at: options.now,
      companyId: row.companyId,
      userId: options.userId,
      type: "other",
      title: `Создан объект: ${row.address}`,
      status: row.status,
      objectId: row.id,
    });
    await notifyRoles(tx, ["chief_engineer"], {
      at: options.now,
      companyId: row.companyId,
      type: "object_created",
      title: "Новый объект",
      message: `${row.address}${row.clientName ? ` — ${row.clientName}` : ""}`,
      relatedObjectId: row.id,
    });
    return row;
  });
}

/** Updates the fields sent; a status change goes into the activity feed. Null when not in scope. */
export async function updateObject(
  db: Db,
  scope: Scope,
  id: number,
  input: ObjectPatchInput,
  options: { userId: number; now: Date },
): Promise<ObjectRow | null> {
  // The status follows events (db/job_status.ts); the API refuses a changed one before this.
  const { status: _status, ...values } = columnsOf(input);
  return await updateObjectRow(db, id, { ...values, updatedAt: options.now }, scope) ?? null;
}

/** One UPDATE of an object's columns, of the scope's company when one is given (updateRow()). */
export function updateObjectRow(
  db: Executor,
  id: number,
  values: Partial<typeof objects.$inferInsert>,
  scope: Scope = null,
) {
  return updateRow(db, "objects", objects, id, values, scope);
}
