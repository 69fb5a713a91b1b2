// The measurement session's calls to the server, typed by its routes. The addresses of the reads are the ones
// the service worker caches for work with no signal (components/offline/urls.ts warmUrls): the same path and
// query, in the same order, so a cached answer is found.
import { type Answer, call, client, type JsonOf } from "../api.ts";
import { cacheConfig, cachedConfig } from "./draft.ts";
import type { FormConfig } from "./model.ts";
import type { EstimateViewData } from "./EstimateView.tsx";

/** The task a measurement session is about. */
export interface SessionTask {
  id: number;
  objectId: number | null;
  title: string;
  address: string;
  /** The task's stored status; the server moves it as the surveyor saves and reports. */
  status: string;
}

/** A measurement record as GET /api/measurements/:taskId lists it. */
export type ServerRecord = Answer<typeof client.measurements[":taskId{[0-9]+}"]["$get"]>[number];
type SaveAnswer = Answer<typeof client.measurements.$post>;

export type StoredEstimate = EstimateViewData & {
  id: number;
  status?: string;
  /** Priced on the phone with no signal: not saved on the server yet. */
  onDevice?: boolean;
};

/** A photo of the task's report. */
export interface Photo {
  id: number;
  fileName: string;
  documentType: string | null;
  url: string;
}

/** The form description: the server's, cached on the device for a start with no signal. */
export async function loadConfig(): Promise<FormConfig | null> {
  const cached = cachedConfig<FormConfig>();
  try {
    const fresh: FormConfig = await call(client.measurements.form.$get());
    if (!cached || cached.version !== fresh.version) cacheConfig(fresh);
    return fresh;
  } catch {
    return cached;
  }
}

/** The task's newest record on the server, or null. */
export async function latestRecord(taskId: number): Promise<ServerRecord | null> {
  const records = await call(
    client.measurements[":taskId{[0-9]+}"].$get({ param: { taskId: String(taskId) } }),
  );
  return records[0] ?? null;
}

/** The task's report photos; none when they cannot be read. */
export async function taskPhotos(taskId: number): Promise<Photo[]> {
  const docs = await call(client.documents.$get({ query: { taskId: String(taskId), pageSize: "200" } }))
    .catch(() => []);
  return docs.filter((d) => d.documentType?.startsWith("Фото")).map(photoOf);
}

/** A stored document shown as a report photo. */
export function photoOf(
  doc: { id: number; fileName: string; documentType: string | null; fileUrl: string },
): Photo {
  return {
    id: doc.id,
    fileName: doc.fileName,
    documentType: doc.documentType,
    url: `${doc.fileUrl}?inline=1`,
  };
}

/** The id of the estimate the task generated for its object, or null (none yet, or no answer). */
export async function taskEstimateId(task: { id: number; objectId: number }): Promise<number | null> {
  const estimates = await call(client.estimates.$get({ query: { objectId: String(task.objectId) } }))
    .catch(() => []);
  return estimates.find((e) => e.taskId === task.id)?.id ?? null;
}

/** One estimate as the server keeps it, or null when it cannot be read. */
export async function estimateById(id: number): Promise<StoredEstimate | null> {
  return await call(client.estimates[":id{[0-9]+}"].$get({ param: { id: String(id) } })).catch(() => null);
}

/** Saves the values under the draft's client id (a resend creates nothing twice). */
export async function saveRecord(body: JsonOf<typeof client.measurements.$post>): Promise<SaveAnswer> {
  return await call(client.measurements.$post({ json: body }));
}

/** The body of POST /api/estimates/generate. */
export type GenerateBody = JsonOf<typeof client.estimates.generate.$post>;

/** What POST /api/estimates/generate answers: the estimate, or the separate estimates one per work type. */
export type GenerateAnswer = StoredEstimate | { estimates: StoredEstimate[] };

/** Generates the estimate (or one per work type) from the saved measurements. */
export async function generateOnServer(body: GenerateBody): Promise<StoredEstimate[]> {
  return generatedEstimates(await call(client.estimates.generate.$post({ json: body })));
}

export function generatedEstimates(answer: GenerateAnswer): StoredEstimate[] {
  return "estimates" in answer ? answer.estimates : [answer];
}
