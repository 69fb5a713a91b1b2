// Measurement records: what a surveyor recorded at the site, one row per save. Every function takes the
// company scope (null = every company, system_admin only); `assignedTo` limits a surveyor to their own tasks.
import { and, count, desc, eq, inArray, max } from "drizzle-orm";
import { refreshJobState } from "./job_status.ts";
import type { Db } from "./client.ts";
import { documents, measurementRecords, objects, tasks, users } from "./schema/mod.ts";
import { notifyMeasurementUpdated, recordActivity } from "./notifications.ts";
import { preparedQuery } from "./prepared.ts";
import type { Scope } from "./scope.ts";

/** The task of the scope (the assignee's own when `assignedTo` is given) with its object, or null. */
export async function taskForMeasurement(
  db: Db,
  scope: Scope,
  taskId: number,
  options: { assignedTo?: number } = {},
) {
  const conds = [eq(tasks.id, taskId)];
  if (scope !== null) conds.push(eq(tasks.companyId, scope));
  if (options.assignedTo !== undefined) conds.push(eq(tasks.assignedTo, options.assignedTo));
  const [row] = await db.select({
    id: tasks.id,
    companyId: tasks.companyId,
    objectId: tasks.objectId,
    title: tasks.title,
    status: tasks.status,
    assignedTo: tasks.assignedTo,
    separateEstimates: tasks.separateEstimates,
    address: objects.address,
  }).from(tasks).leftJoin(objects, eq(objects.id, tasks.objectId)).where(and(...conds));
  return row ?? null;
}

export interface MeasurementRecordView {
  id: number;
  taskId: number;
  objectId: number | null;
  surveyorId: number | null;
  measurements: Record<string, unknown>;
  photos: PhotoView[];
  notes: string | null;
  createdAt: Date;
}

export interface PhotoView {
  id: number;
  fileName: string;
  documentType: string | null;
  fileSize: number;
  url: string;
}

/** The photos (documents) of these ids that belong to the task. */
async function photosOf(db: Db, taskId: number, ids: number[]): Promise<PhotoView[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({
    id: documents.id,
    fileName: documents.fileName,
    documentType: documents.documentType,
    fileSize: documents.fileSize,
  }).from(documents).where(and(inArray(documents.id, ids), eq(documents.taskId, taskId)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [{
      id: r.id,
      fileName: r.fileName,
      documentType: r.documentType,
      fileSize: r.fileSize,
      url: `/api/documents/${r.id}/download?inline=1`,
    }];
  });
}

/** The latest measurement record of a task (the caller checked the task is in scope), or null. */
export async function latestMeasurement(db: Db, taskId: number): Promise<MeasurementRecordView | null> {
  const [row] = await db.select().from(measurementRecords).where(eq(measurementRecords.taskId, taskId))
    .orderBy(desc(measurementRecords.createdAt), desc(measurementRecords.id)).limit(1);
  return row ? await recordView(db, row) : null;
}

/** A stored record as the API shows it, with its photos' links. */
async function recordView(
  db: Db,
  row: typeof measurementRecords.$inferSelect,
): Promise<MeasurementRecordView> {
  return {
    id: row.id,
    taskId: row.taskId,
    objectId: row.objectId,
    surveyorId: row.surveyorId,
    measurements: row.measurements,
    photos: await photosOf(db, row.taskId, row.photos),
    notes: row.notes,
    createdAt: row.createdAt,
  };
}

/** Photo document ids of the task among `ids` (others are dropped: a photo must be the task's own). */
export async function ownPhotoIds(db: Db, taskId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: documents.id }).from(documents)
    .where(and(inArray(documents.id, ids), eq(documents.taskId, taskId)));
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => found.has(id));
}

/** The task statuses a first measurement moves to in_progress: the work on the site has started. */
const waitingStatuses = ["assigned", "pending"];

/**
 * Saves a measurement record of a task, tells the company's chief engineers (measurement_updated) and
 * records the activity, in one transaction. A task still waiting (assigned, pending) goes in_progress:
 * the surveyor is measuring, whichever screen they started from. Answers the task's status too.
 * A save whose `clientId` the task already has (a phone retrying a request whose answer it lost) answers
 * that record and changes nothing.
 */
export async function saveMeasurement(
  db: Db,
  task: { id: number; companyId: number; objectId: number | null; title: string; status: string },
  input: {
    measurements: Record<string, unknown>;
    photos: number[];
    notes: string | null;
    clientId?: string | null;
  },
  by: { id: number; now: Date },
): Promise<MeasurementRecordView & { taskStatus: string }> {
  const photos = await ownPhotoIds(db, task.id, input.photos);
  const starts = waitingStatuses.includes(task.status);
  const clientId = input.clientId ?? null;
  const saved = await db.transaction(async (tx) => {
    if (clientId) {
      const [kept] = await tx.select().from(measurementRecords)
        .where(and(eq(measurementRecords.taskId, task.id), eq(measurementRecords.clientId, clientId)));
      if (kept) return { row: kept, repeated: true };
    }
    if (starts) {
      await tx.update(tasks).set({ status: "in_progress", completedAt: null, updatedAt: by.now }).where(
        eq(tasks.id, task.id),
      );
      await recordActivity(tx, {
        at: by.now,
        companyId: task.companyId,
        userId: by.id,
        type: "task",
        title: `Задача в работе: ${task.title}`,
        status: "in_progress",
        objectId: task.objectId,
        taskId: task.id,
      });
    }
    const [row] = await tx.insert(measurementRecords).values({
      companyId: task.companyId,
      taskId: task.id,
      objectId: task.objectId,
      surveyorId: by.id,
      measurements: input.measurements,
      photos,
      notes: input.notes,
      clientId,
      createdAt: by.now,
    }).returning();
    await notifyMeasurementUpdated(tx, {
      at: by.now,
      companyId: task.companyId,
      taskId: task.id,
      objectId: task.objectId,
      title: task.title,
      byUserId: by.id,
    });
    await recordActivity(tx, {
      at: by.now,
      companyId: task.companyId,
      userId: by.id,
      type: "task",
      title: `Замеры сохранены: ${task.title}`,
      objectId: task.objectId,
      taskId: task.id,
    });
    if (task.objectId !== null) await refreshJobState(tx, task.objectId, by.now, by.id);
    return { row, repeated: false };
  });
  const { row } = saved;
  return {
    ...await recordView(db, row),
    taskStatus: starts && !saved.repeated ? "in_progress" : task.status,
  };
}

export interface MeasurementOverview {
  taskId: number;
  taskTitle: string;
  taskStatus: string;
  objectId: number | null;
  address: string | null;
  surveyorFirstName: string | null;
  surveyorLastName: string | null;
  measurements: Record<string, unknown>;
  savedAt: Date;
  saves: number;
}

/** The latest record of every measured task of the scope, newest first (the /measurements overview). */
export async function listLatestMeasurements(
  db: Db,
  scope: Scope,
  limit = 100,
): Promise<MeasurementOverview[]> {
  return await preparedQuery(db, "measurements.latest", { companyId: scope ?? undefined, limit }, (p) => {
    const latest = db.select({
      recordId: max(measurementRecords.id).as("record_id"),
      saves: count().as("saves"),
    }).from(measurementRecords)
      .where(p.companyId && eq(measurementRecords.companyId, p.companyId))
      .groupBy(measurementRecords.taskId).as("latest");
    return db.select({
      taskId: tasks.id,
      taskTitle: tasks.title,
      taskStatus: tasks.status,
      objectId: objects.id,
      address: objects.address,
      surveyorFirstName: users.firstName,
      surveyorLastName: users.lastName,
      measurements: measurementRecords.measurements,
      savedAt: measurementRecords.createdAt,
      saves: latest.saves,
    }).from(latest)
      .innerJoin(measurementRecords, eq(measurementRecords.id, latest.recordId))
      .innerJoin(tasks, eq(tasks.id, measurementRecords.taskId))
      .leftJoin(objects, eq(objects.id, measurementRecords.objectId))
      .leftJoin(users, eq(users.id, measurementRecords.surveyorId))
      .orderBy(desc(measurementRecords.createdAt))
      .limit(p.limit);
  }).all();
}
