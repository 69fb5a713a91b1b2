// Sending what the surveyor did with no signal: the queue (queue.ts) kept on the device (store.ts)
// is sent in order whenever there is a connection, each request with its entry's client id so that a retry
// creates nothing twice. The screens enqueue and listen; the sync indicator shows the state. The
// service worker's cache for offline is filled from here too (warmFieldWork).
import { useEffect, useState, useSyncExternalStore } from "react";
import {
  afterRun,
  countByKind,
  dropSetAside,
  enqueue,
  flush,
  type QueueEntry,
  type QueueKind,
  retrySetAside,
  type SendOutcome,
} from "./queue.ts";
import { add, readAll, writeAll } from "./store.ts";
import { dataCacheName, FIELD_WORK_BUNDLE_URL, type FieldWorkBundle, warmUrls } from "./urls.ts";
import { loadDraft, saveDraft } from "../measurement/draft.ts";

/** The signed-in account, as the page shell names it (routes/_layout.tsx); null when signed out. */
export function currentAccount(): string | null {
  return document.querySelector<HTMLElement>("[data-account]")?.dataset.account ?? null;
}

/** A client-generated id for a queued request (a UUID; random bytes where randomUUID is missing). */
export function newClientId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join(
    "",
  );
}

export interface PhotoPayload {
  objectId: number;
  documentType: string;
  fileName: string;
  file: Blob;
}
export interface MeasurementPayload {
  body: { taskId: number; measurements: Record<string, unknown>; photos: number[]; notes: string | null };
  /** The server record the values started from: another, newer one is a conflict the surveyor settles. */
  baseRecordId: number | null;
}
export interface EstimatePayload {
  body: Record<string, unknown>;
  /** The estimate as the phone priced it, shown again after a reload until the server's arrives. */
  estimate: unknown;
  /** The total the phone showed, and the price list it used (null: the built-in one). */
  deviceTotal: number;
  priceListId: number | null;
}

/** A service visit's report (the visit's form on the phone): sent to its visit under the entry's client id. */
export interface VisitPayload {
  visitId: number;
  body: { values: Record<string, string | boolean> };
}

/** What the indicator shows. */
export interface SyncState {
  online: boolean;
  counts: Record<QueueKind, number>;
  setAside: number;
  /** The entries the server refused for good, oldest first, for the surveyor to retry or delete. */
  refused: RefusedEntry[];
  sending: boolean;
  /** The photo being uploaded: its entry and the share sent (0–1). */
  upload: { id: string; share: number } | null;
}

/** A set-aside entry as the indicator lists it. */
export interface RefusedEntry {
  id: string;
  kind: QueueKind;
  taskId: number;
  error: string;
}

/** As the server renders it (and the page hydrates it): online, nothing waiting. */
const initialState: SyncState = {
  online: true,
  counts: { status: 0, measurement: 0, photo: 0, estimate: 0, visit: 0 },
  setAside: 0,
  refused: [],
  sending: false,
  upload: null,
};
let state = initialState;
let pendingPhotos: QueueEntry<PhotoPayload>[] = [];
const listeners = new Set<() => void>();

function update(next: Partial<SyncState>) {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The sync state for a component (re-renders on change). */
export function useSyncState(): SyncState {
  return useSyncExternalStore(subscribe, () => state, () => initialState);
}

/** The task's photos waiting on this device, oldest first. */
export function usePendingPhotos(taskId: number): QueueEntry<PhotoPayload>[] {
  const [photos, setPhotos] = useState<QueueEntry<PhotoPayload>[]>([]);
  useEffect(() => {
    const read = () => setPhotos(pendingPhotos.filter((p) => p.taskId === taskId));
    read();
    return subscribe(read);
  }, [taskId]);
  return photos;
}

/**
 * Runs one read-modify-write of the account's stores at a time (across tabs where the browser has Web
 * Locks): a change read before another one was written would otherwise write it away.
 */
function changeStores<T>(account: string, change: () => Promise<T>): Promise<T> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  return locks ? locks.request(`polesmeta-queue-${account}`, change) : change();
}

async function refresh(account: string) {
  const [queue, aside] = await Promise.all([readAll(account, "queue"), readAll(account, "set_aside")]);
  pendingPhotos = queue.filter((e): e is QueueEntry<PhotoPayload> => e.kind === "photo")
    .sort((a, b) => a.seq - b.seq);
  const refused = [...aside].sort((a, b) => a.seq - b.seq)
    .map((e) => ({ id: e.id, kind: e.kind, taskId: e.taskId, error: e.lastError ?? "" }));
  update({ counts: countByKind(queue), setAside: aside.length, refused });
}

/** «Повторить»: the refused entry waits again at the end of the queue, and the queue is sent. */
export async function retryRefused(id: string): Promise<void> {
  const account = currentAccount();
  if (!account) return;
  await changeStores(account, async () => {
    const [queue, aside] = await Promise.all([readAll(account, "queue"), readAll(account, "set_aside")]);
    const next = retrySetAside(queue, aside, id);
    await writeAll(account, "queue", next.queue);
    await writeAll(account, "set_aside", next.setAside);
  });
  await refresh(account);
  syncSoon();
}

/** «Удалить» (confirmed by the surveyor): the refused entry leaves the device. */
export async function deleteRefused(id: string): Promise<void> {
  const account = currentAccount();
  if (!account) return;
  await changeStores(account, async () => {
    await writeAll(account, "set_aside", dropSetAside(await readAll(account, "set_aside"), id));
  });
  await refresh(account);
}

/** A sent entry: `{ entry, answer }` as the server answered it. */
export interface Synced {
  entry: QueueEntry;
  answer: unknown;
}
const SYNCED = "polesmeta:synced";

/** Calls `listener` for every entry the server received; returns the unsubscribe. */
export function onSynced(listener: (synced: Synced) => void): () => void {
  const handler = (e: Event) => listener((e as CustomEvent<Synced>).detail);
  addEventListener(SYNCED, handler);
  return () => removeEventListener(SYNCED, handler);
}

/** Keeps the entry on the device and sends the queue as soon as there is a connection. */
export async function enqueueWork(
  kind: QueueKind,
  taskId: number,
  payload: unknown,
  id = newClientId(),
): Promise<void> {
  const account = currentAccount();
  if (!account) throw new Error("No signed-in account to queue for");
  await changeStores(account, async () => {
    await writeAll(
      account,
      "queue",
      enqueue(await readAll(account, "queue"), { kind, taskId, payload, id }, Date.now()),
    );
  });
  await refresh(account);
  syncSoon();
}

/** The task's estimate priced on the phone and not yet sent, or null. */
export async function waitingEstimate(taskId: number): Promise<EstimatePayload | null> {
  const account = currentAccount();
  if (!account) return null;
  const queue = await readAll(account, "queue");
  const entry =
    queue.filter((e) => e.kind === "estimate" && e.taskId === taskId).sort((a, b) => b.seq - a.seq)[0];
  return entry ? entry.payload as EstimatePayload : null;
}

/**
 * Drops the task's measurement waiting or set aside (a conflict): the screen has just sent the surveyor's
 * values itself, so an older copy must not follow.
 */
export async function dropWaitingMeasurement(taskId: number): Promise<void> {
  const account = currentAccount();
  if (!account) return;
  const other = (e: QueueEntry) => !(e.kind === "measurement" && e.taskId === taskId);
  await changeStores(account, async () => {
    for (const store of ["queue", "set_aside"] as const) {
      const entries = await readAll(account, store);
      if (!entries.every(other)) await writeAll(account, store, entries.filter(other));
    }
  });
  await refresh(account);
}

let running: Promise<void> | null = null;
let again = false;

/** Sends the queue now (or right after the run under way). */
export function syncSoon(): void {
  if (running) {
    again = true;
    return;
  }
  running = (async () => {
    const account = currentAccount();
    if (!account || !navigator.onLine) return;
    update({ sending: true });
    try {
      // One tab at a time sends, so two open screens never send an entry twice.
      const locks = (navigator as Navigator & { locks?: LockManager }).locks;
      const run = () => runQueue(account);
      await (locks ? locks.request(`polesmeta-sync-${account}`, run) : run());
    } finally {
      update({ sending: false, upload: null });
    }
  })().finally(() => {
    running = null;
    if (again) {
      again = false;
      syncSoon();
    }
  });
}

async function runQueue(account: string): Promise<void> {
  const started = await readAll(account, "queue");
  let setAside = 0;
  await flush(started, (entry) => send(entry), {
    now: Date.now,
    // Each step lands in the queue as it is now, with what it refused set aside in the same change.
    save: async (remaining, refused) => {
      await changeStores(account, async () => {
        const fresh = refused.slice(setAside);
        if (fresh.length > 0) {
          await add(account, "set_aside", fresh.map((r) => ({ ...r.entry, lastError: r.error })));
          setAside = refused.length;
        }
        await writeAll(account, "queue", afterRun(await readAll(account, "queue"), started, remaining));
      });
      await refresh(account);
    },
  });
}

/** Keeps the sending going: when the connection returns, and every half minute while anything waits. */
export function startSync(): () => void {
  update({ online: navigator.onLine });
  const account = currentAccount();
  if (account) void refresh(account);
  const online = () => {
    update({ online: true });
    syncSoon();
  };
  const offline = () => update({ online: false });
  addEventListener("online", online);
  addEventListener("offline", offline);
  const timer = setInterval(() => {
    if (Object.values(state.counts).some((n) => n > 0)) syncSoon();
  }, 30_000);
  syncSoon();
  return () => {
    removeEventListener("online", online);
    removeEventListener("offline", offline);
    clearInterval(timer);
  };
}

/** A network failure, a server error or a lost session: try again later. Any other refusal is final. */
function outcomeOf(status: number, message: string): SendOutcome {
  if (status >= 200 && status < 300) return { ok: true };
  const retry = status === 0 || status >= 500 || status === 401 || status === 408 || status === 429;
  return { ok: false, retry, error: message || `HTTP ${status}` };
}

async function request(url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
  try {
    const res = await fetch(url, { credentials: "same-origin", ...init });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: res.status, body };
  } catch {
    return { status: 0, body: null };
  }
}

function messageOf(body: unknown): string {
  return (body as { message?: string } | null)?.message ?? "";
}

function json(method: string, body: unknown): RequestInit {
  return {
    method,
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  };
}

async function send(entry: QueueEntry): Promise<SendOutcome> {
  let answer: { status: number; body: unknown };
  switch (entry.kind) {
    case "status":
      answer = await request(`/api/tasks/${entry.taskId}`, json("PATCH", entry.payload));
      break;
    case "measurement":
      answer = await sendMeasurement(entry as QueueEntry<MeasurementPayload>);
      break;
    case "photo":
      answer = await uploadPhoto(entry as QueueEntry<PhotoPayload>);
      break;
    case "estimate":
      answer = await request(
        "/api/estimates/generate",
        json("POST", { ...(entry.payload as EstimatePayload).body, clientId: entry.id }),
      );
      break;
    case "visit": {
      const p = entry.payload as VisitPayload;
      answer = await request(
        `/api/service/visits/${p.visitId}/report`,
        json("POST", { ...p.body, clientId: entry.id }),
      );
      break;
    }
  }
  const outcome = outcomeOf(answer.status, messageOf(answer.body));
  if (outcome.ok) dispatchEvent(new CustomEvent<Synced>(SYNCED, { detail: { entry, answer: answer.body } }));
  return outcome;
}

/**
 * Sends a measurement unless the server has a newer record by someone else (the screen then asks which to
 * keep, as for a draft); the draft on the device is marked sent under the record it became.
 */
async function sendMeasurement(entry: QueueEntry<MeasurementPayload>) {
  const { body, baseRecordId } = entry.payload;
  const latest = await request(`/api/measurements/${entry.taskId}`, {
    headers: { Accept: "application/json" },
  });
  if (latest.status !== 200) return latest;
  const record = (latest.body as { id: number; surveyorId: number | null }[])[0];
  if (record && record.id !== baseRecordId && String(record.surveyorId) !== currentAccount()) {
    return {
      status: 409,
      body: { message: "На сервере более новый замер: откройте задачу и выберите версию" },
    };
  }
  const answer = await request("/api/measurements", json("POST", { ...body, clientId: entry.id }));
  if (answer.status === 201 || answer.status === 200) {
    const scope = `task-${entry.taskId}`;
    const draft = loadDraft(scope);
    if (draft && (draft.clientId === entry.id || !draft.clientId)) {
      saveDraft(scope, { ...draft, dirty: false, baseRecordId: (answer.body as { id: number }).id });
    }
  }
  return answer;
}

/** Uploads one photo with its progress (XMLHttpRequest reports the bytes sent; fetch does not). */
function uploadPhoto(entry: QueueEntry<PhotoPayload>): Promise<{ status: number; body: unknown }> {
  const p = entry.payload;
  const form = new FormData();
  form.append("taskId", String(entry.taskId));
  form.append("documentType", p.documentType);
  form.append("clientId", entry.id);
  form.append("file", p.file, p.fileName);
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/objects/${p.objectId}/documents`);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) update({ upload: { id: entry.id, share: e.loaded / e.total } });
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => resolve({ status: 0, body: null });
    xhr.send(form);
  });
}

/** The field-work bundle: from the network, or as the service worker cached it; null when neither has it. */
export async function fieldWorkBundle(): Promise<FieldWorkBundle | null> {
  try {
    const res = await fetch(FIELD_WORK_BUNDLE_URL, { credentials: "same-origin" });
    return res.ok ? await res.json() as FieldWorkBundle : null;
  } catch {
    return null;
  }
}

const WARMED_KEY = "polesmeta:offline-warmed";
const WARM_EVERY_MS = 10 * 60_000;

/**
 * Fetches what the surveyor's tasks need offline, through the service worker, which caches it: the bundle, the
 * cabinet and field-work pages, each task's screen, object card, record, photos list and estimates. At most
 * every ten minutes, unless the worker's cache for the account is missing (a new build dropped it). True when
 * the device caches them.
 */
export async function warmFieldWork(): Promise<boolean> {
  const account = currentAccount();
  if (!account || !navigator.serviceWorker?.controller) return false;
  const last = Number(localStorage.getItem(`${WARMED_KEY}:${account}`) ?? 0);
  const cached = await caches.has(dataCacheName(account));
  if (cached && (Date.now() - last < WARM_EVERY_MS || !navigator.onLine)) return true;
  if (!navigator.onLine) return false;
  const bundle = await fieldWorkBundle();
  if (!bundle) return false;
  const taskIds = new Set(bundle.tasks.map((t) => t.id));
  const warmOne = async (url: string): Promise<boolean> => {
    const res = await fetch(url, { credentials: "same-origin" }).catch(() => null);
    if (!res) return false;
    if (url.startsWith("/api/estimates?objectId=") && res.ok) {
      // The task's own estimate, as the measuring screen reads it.
      const list = await res.json() as { id: number; taskId: number | null }[];
      for (const e of list.filter((e) => e.taskId !== null && taskIds.has(e.taskId))) {
        await fetch(`/api/estimates/${e.id}`, { credentials: "same-origin" }).catch(() => null);
      }
    } else await res.body?.cancel();
    return true;
  };
  // Three at a time: quick on a phone's connection, gentle on the server.
  const urls = warmUrls(bundle);
  let next = 0;
  let complete = true;
  await Promise.all([0, 1, 2].map(async () => {
    while (next < urls.length) {
      if (!(await warmOne(urls[next++]))) complete = false;
    }
  }));
  if (!complete) return false;
  localStorage.setItem(`${WARMED_KEY}:${account}`, String(Date.now()));
  return true;
}
