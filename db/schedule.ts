// The schedule's queries: the calendar's tasks of a period, conflicts, crews and the private
// calendar feeds. Every function takes the company scope; tasks are read generally, by type (measurements,
// works, service visits), so any task with a day shows in the calendar.
import {
  and,
  asc,
  eq,
  gte,
  inArray,
  isNull,
  lte,
  notInArray,
  or,
  type Placeholder,
  type SQL,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db, Executor } from "./client.ts";
import type { Scope } from "./scope.ts";
import { type Placeholders, preparedQuery } from "./prepared.ts";
import { calendarFeeds, crewMembers, crews, objects, tasks, users } from "./schema/mod.ts";
import { closedTaskStatuses, effectiveStatus, type TaskStatus } from "../domain/tasks.ts";
import { displayName } from "../domain/format.ts";
import { type Booking, conflictsOf } from "../domain/schedule.ts";
import { sha256Hex } from "../domain/hash.ts";

const assignee = alias(users, "assignee");

/** A task as the calendar, the route and the feed show it. */
export interface CalendarTask {
  id: number;
  title: string;
  description: string | null;
  status: TaskStatus;
  scheduledDate: string | null;
  windowStart: number | null;
  windowEnd: number | null;
  dueDate: Date | null;
  assignedTo: number | null;
  assigneeName: string | null;
  assigneeRole: string | null;
  crewId: number | null;
  crewName: string | null;
  /** The assignee and the crew's members. */
  people: number[];
  objectId: number | null;
  address: string | null;
  settlement: string | null;
  direction: string | null;
  distanceFromMKAD: number | null;
  latitude: number | null;
  longitude: number | null;
  workType: string | null;
  clientName: string | null;
  clientPhone: string | null;
  updatedAt: Date;
}

export interface CalendarFilter {
  /** 'YYYY-MM-DD', inclusive. */
  from: string;
  to: string;
  /** Tasks of this person: assigned to them or to a crew they belong to. */
  personId?: number;
  crewId?: number;
  /** The assignee's role. */
  role?: string;
  workType?: string;
  status?: TaskStatus;
  now: Date;
}

const selection = {
  id: tasks.id,
  title: tasks.title,
  description: tasks.description,
  status: tasks.status,
  scheduledDate: tasks.scheduledDate,
  windowStart: tasks.windowStart,
  windowEnd: tasks.windowEnd,
  dueDate: tasks.dueDate,
  assignedTo: tasks.assignedTo,
  crewId: tasks.crewId,
  crewName: crews.name,
  objectId: tasks.objectId,
  address: objects.address,
  settlement: objects.settlement,
  direction: objects.direction,
  distanceFromMKAD: objects.distanceFromMKAD,
  latitude: objects.latitude,
  longitude: objects.longitude,
  workType: objects.workType,
  clientName: objects.clientName,
  clientPhone: objects.clientPhone,
  updatedAt: tasks.updatedAt,
  firstName: assignee.firstName,
  lastName: assignee.lastName,
  email: assignee.email,
  role: assignee.role,
};

/** The crews a person belongs to (as a member or as its foreman), as a subquery of the statement using them. */
function crewIdsOf(userId: number | Placeholder): SQL {
  return sql`(select ${crewMembers.crewId} from ${crewMembers} where ${eq(crewMembers.userId, userId)}
    union select ${crews.id} from ${crews} where ${eq(crews.foremanId, userId)})`;
}

/** The members (with the foreman) of these crews, by crew. */
async function membersOf(db: Executor, crewIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (crewIds.length === 0) return out;
  const rows = await db.select({ crewId: crewMembers.crewId, userId: crewMembers.userId }).from(crewMembers)
    .where(inArray(crewMembers.crewId, crewIds));
  const leads = await db.select({ crewId: crews.id, userId: crews.foremanId }).from(crews)
    .where(inArray(crews.id, crewIds));
  for (const r of [...rows, ...leads]) {
    if (r.userId === null) continue;
    const list = out.get(r.crewId) ?? [];
    if (!list.includes(r.userId)) list.push(r.userId);
    out.set(r.crewId, list);
  }
  return out;
}

/** The calendar's select: a task with its site, assignee and crew. */
function selectTasks(db: Executor) {
  return db.select(selection).from(tasks)
    .leftJoin(objects, eq(objects.id, tasks.objectId))
    .leftJoin(assignee, eq(assignee.id, tasks.assignedTo))
    .leftJoin(crews, eq(crews.id, tasks.crewId));
}
type Row = Awaited<ReturnType<typeof selectTasks>>[number];

async function toCalendar(db: Executor, rows: Row[], now: Date) {
  const members = await membersOf(db, [
    ...new Set(rows.map((r) => r.crewId).filter((c): c is number => c !== null)),
  ]);
  return rows.map((r): CalendarTask => ({
    id: r.id,
    title: r.title,
    description: r.description,
    status: effectiveStatus(r, now),
    scheduledDate: r.scheduledDate,
    windowStart: r.windowStart,
    windowEnd: r.windowEnd,
    dueDate: r.dueDate,
    assignedTo: r.assignedTo,
    assigneeName: r.email
      ? displayName({ firstName: r.firstName, lastName: r.lastName, email: r.email })
      : null,
    assigneeRole: r.role,
    crewId: r.crewId,
    crewName: r.crewName,
    people: [
      ...new Set([...(r.assignedTo ? [r.assignedTo] : []), ...(r.crewId ? members.get(r.crewId) ?? [] : [])]),
    ],
    objectId: r.objectId,
    address: r.address,
    settlement: r.settlement,
    direction: r.direction,
    distanceFromMKAD: r.distanceFromMKAD,
    latitude: r.latitude,
    longitude: r.longitude,
    workType: r.workType,
    clientName: r.clientName,
    clientPhone: r.clientPhone,
    updatedAt: r.updatedAt,
  }));
}

/** Tasks of the person: assigned to them or to a crew they belong to. */
function personCondition(personId: number | Placeholder): SQL {
  return or(eq(tasks.assignedTo, personId), inArray(tasks.crewId, crewIdsOf(personId)))!;
}

/** The values of the filters the calendar and its side list share: company, person, role and work type. */
function sharedValues(scope: Scope, f: Omit<CalendarFilter, "from" | "to">) {
  return {
    companyId: scope ?? undefined,
    personId: f.personId || undefined,
    role: f.role || undefined,
    workType: f.workType || undefined,
  };
}

/** The conditions of sharedValues(); one left out when its value is. */
function sharedConditions(p: Placeholders<ReturnType<typeof sharedValues>>): SQL[] {
  return [
    p.companyId && eq(tasks.companyId, p.companyId),
    p.personId && personCondition(p.personId),
    p.role && eq(assignee.role, p.role),
    p.workType && eq(objects.workType, p.workType),
  ].filter((c): c is SQL => c !== undefined);
}

/** The scheduled tasks of a period, by day and window, with their site, assignee and crew. */
export async function calendarTasks(db: Db, scope: Scope, f: CalendarFilter): Promise<CalendarTask[]> {
  const values = {
    ...sharedValues(scope, f),
    from: f.from,
    to: f.to,
    crewId: f.crewId || undefined,
    // Overdue is worked out from the due date (effectiveStatus): filtered below, not in SQL.
    status: f.status && f.status !== "overdue" ? f.status : undefined,
  };
  const rows = await preparedQuery(db, "schedule.calendar", values, (p) =>
    selectTasks(db).where(and(
      ...sharedConditions(p),
      gte(tasks.scheduledDate, p.from),
      lte(tasks.scheduledDate, p.to),
      p.crewId && eq(tasks.crewId, p.crewId),
      p.status && eq(tasks.status, p.status),
    ))
      .orderBy(asc(tasks.scheduledDate), asc(tasks.windowStart), asc(tasks.id))
      .limit(2000)).all();
  const out = await toCalendar(db, rows, f.now);
  return f.status === "overdue" ? out.filter((t) => t.status === "overdue") : out;
}

/** Open tasks without a day (the calendar's side list), newest first. */
export async function unscheduledTasks(
  db: Db,
  scope: Scope,
  f: Omit<CalendarFilter, "from" | "to">,
): Promise<CalendarTask[]> {
  const rows = await preparedQuery(
    db,
    "schedule.unscheduled",
    sharedValues(scope, f),
    (p) =>
      selectTasks(db).where(and(
        ...sharedConditions(p),
        isNull(tasks.scheduledDate),
        notInArray(tasks.status, [...closedTaskStatuses]),
      ))
        .orderBy(asc(tasks.dueDate), asc(tasks.id))
        .limit(100),
  ).all();
  return await toCalendar(db, rows, f.now);
}

/**
 * The tasks `next` would collide with (domain/schedule.ts conflictsOf): the same day, an overlapping window,
 * a person or the crew in common.
 */
export async function scheduleConflicts(
  db: Executor,
  companyId: number,
  next: Omit<Booking, "people"> & { assignedTo: number | null },
  now: Date,
): Promise<CalendarTask[]> {
  if (!next.scheduledDate || next.windowStart == null) return [];
  const crewPeople = next.crewId ? (await membersOf(db, [next.crewId])).get(next.crewId) ?? [] : [];
  const people = [...new Set([...(next.assignedTo ? [next.assignedTo] : []), ...crewPeople])];
  const sameDay = await selectTasks(db).where(and(
    eq(tasks.companyId, companyId),
    eq(tasks.scheduledDate, next.scheduledDate),
    notInArray(tasks.status, [...closedTaskStatuses]),
  ));
  const day = await toCalendar(db, sameDay, now);
  return conflictsOf({ ...next, people }, day);
}

/** Everything a person does from a day on (assigned or through a crew), for their feed and route. */
export async function personTasks(
  db: Db,
  companyId: number,
  personId: number,
  o: { from: string; to: string; now: Date },
) {
  return await calendarTasks(db, companyId as Scope, { from: o.from, to: o.to, personId, now: o.now });
}

// ---------------------------------------------------------------------------------------------------------------
// Crews.

export interface CrewView {
  id: number;
  name: string;
  foremanId: number | null;
  memberIds: number[];
}

export async function listCrews(db: Executor, scope: Scope): Promise<CrewView[]> {
  const rows = await preparedQuery(
    db,
    "crews.list",
    { companyId: scope ?? undefined },
    (p) =>
      db.select({ id: crews.id, name: crews.name, foremanId: crews.foremanId }).from(crews)
        .where(p.companyId && eq(crews.companyId, p.companyId)).orderBy(asc(crews.name)),
  ).all();
  const members = rows.length === 0 ? [] : await db.select().from(crewMembers)
    .where(inArray(crewMembers.crewId, rows.map((r) => r.id)));
  return rows.map((r) => ({
    ...r,
    memberIds: members.filter((m) => m.crewId === r.id).map((m) => m.userId),
  }));
}

export class CrewRuleError extends Error {
  constructor(readonly field: string, message: string) {
    super(message);
  }
}

/** The people must be active staff of the company. */
async function checkPeople(db: Executor, companyId: number, ids: number[]) {
  if (ids.length === 0) return;
  const rows = await db.select({ id: users.id }).from(users).where(and(
    inArray(users.id, ids),
    eq(users.companyId, companyId),
    eq(users.isActive, true),
    notInArray(users.role, ["user"]),
  ));
  if (rows.length !== new Set(ids).size) {
    throw new CrewRuleError("memberIds", "В бригаде могут быть только сотрудники компании");
  }
}

export interface CrewInput {
  name: string;
  foremanId: number | null;
  memberIds: number[];
}

/** Creates or (with `id`) replaces a crew of the company; null when `id` is not the company's. */
export async function saveCrew(
  db: Db,
  companyId: number,
  input: CrewInput,
  id?: number,
): Promise<CrewView | null> {
  await checkPeople(db, companyId, [...input.memberIds, ...(input.foremanId ? [input.foremanId] : [])]);
  const [clash] = await db.select({ id: crews.id }).from(crews)
    .where(and(eq(crews.companyId, companyId), eq(crews.name, input.name)));
  if (clash && clash.id !== id) throw new CrewRuleError("name", "Бригада с таким названием уже есть");
  return await db.transaction(async (tx) => {
    let crewId = id;
    if (crewId) {
      const [row] = await tx.update(crews).set({ name: input.name, foremanId: input.foremanId })
        .where(and(eq(crews.id, crewId), eq(crews.companyId, companyId))).returning({ id: crews.id });
      if (!row) return null;
      await tx.delete(crewMembers).where(eq(crewMembers.crewId, crewId));
    } else {
      const [row] = await tx.insert(crews).values({ companyId, name: input.name, foremanId: input.foremanId })
        .returning({ id: crews.id });
      crewId = row.id;
    }
    const memberIds = [...new Set(input.memberIds)];
    if (memberIds.length > 0) {
      await tx.insert(crewMembers).values(memberIds.map((userId) => ({ crewId: crewId!, userId })));
    }
    return { id: crewId, name: input.name, foremanId: input.foremanId, memberIds };
  });
}

/** Deletes a crew of the company (its tasks keep their assignee and lose the crew). */
export async function deleteCrew(db: Db, companyId: number, id: number): Promise<boolean> {
  return await db.transaction(async (tx) => {
    const rows = await tx.delete(crews).where(and(eq(crews.id, id), eq(crews.companyId, companyId)))
      .returning({ id: crews.id });
    if (rows.length === 0) return false;
    await tx.update(tasks).set({ crewId: null }).where(eq(tasks.crewId, id));
    return true;
  });
}

/** The crew of the company, or null. */
export async function crewInCompany(db: Executor, companyId: number, id: number) {
  const [row] = await db.select({ id: crews.id }).from(crews)
    .where(and(eq(crews.id, id), eq(crews.companyId, companyId)));
  return row ?? null;
}

/** The people a task concerns: its assignee and its crew's members. */
export async function peopleOfTask(db: Executor, t: { assignedTo: number | null; crewId: number | null }) {
  const crewPeople = t.crewId ? (await membersOf(db, [t.crewId])).get(t.crewId) ?? [] : [];
  return [...new Set([...(t.assignedTo ? [t.assignedTo] : []), ...crewPeople])];
}

// ---------------------------------------------------------------------------------------------------------------
// The private calendar feed: one per person; a new link replaces the old one.

/** Issues a new feed token for the person (the former link stops working); answers the token. */
export async function issueCalendarFeed(db: Db, userId: number, now: Date): Promise<string> {
  const token = crypto.randomUUID().replaceAll("-", "") + crypto.randomUUID().replaceAll("-", "");
  await db.transaction(async (tx) => {
    await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    await tx.insert(calendarFeeds).values({ userId, tokenHash: sha256Hex(token), createdAt: now });
  });
  return token;
}

export async function revokeCalendarFeed(db: Db, userId: number): Promise<boolean> {
  const rows = await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId))
    .returning({ id: calendarFeeds.id });
  return rows.length > 0;
}

/** When the person's current feed link was issued, or null. */
export async function calendarFeedIssuedAt(db: Db, userId: number): Promise<Date | null> {
  const [row] = await db.select({ at: calendarFeeds.createdAt }).from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return row?.at ?? null;
}

/** The active staff member a feed token belongs to, or null (revoked, unknown, deactivated). */
export async function calendarFeedOwner(db: Db, token: string) {
  const [row] = await db.select({
    id: users.id,
    companyId: users.companyId,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
  })
    .from(calendarFeeds).innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.tokenHash, sha256Hex(token)), eq(users.isActive, true)));
  return row && row.companyId !== null ? { ...row, companyId: row.companyId } : null;
}
