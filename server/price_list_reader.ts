// Reads an uploaded price list in a worker with a time limit, so that a hostile file (a zip bomb, a sheet
// of millions of cells) costs the other requests nothing and is stopped when it takes too long.
import { type PriceListFile, PriceListFileError } from "../estimating/mod.ts";

/** What server/price_list_worker.ts is sent and answers. */
export type WorkerRequest = { bytes: Uint8Array; fileName: string };
export type WorkerAnswer =
  | { ok: true; list: PriceListFile }
  | { ok: false; fileError: boolean; message: string };

/** Longest a price list may take to read; a real one takes well under a second. */
export const PRICE_LIST_READ_TIMEOUT_MS = 10_000;

/** Longest a worker may take to start (load exceljs) on a busy machine. */
const STARTUP_TIMEOUT_MS = 60_000;

/** Workers reading at once; more uploads wait their turn, so a burst cannot start dozens of isolates. */
const MAX_WORKERS = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function turn(): Promise<() => void> {
  if (running >= MAX_WORKERS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  // A finished reader hands its place straight to the next one waiting.
  return () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
}

/**
 * readPriceListFile() in a worker: the same result or PriceListFileError, and a PriceListFileError when
 * reading takes longer than `timeoutMs` (the worker is then terminated).
 */
export async function readPriceListInWorker(
  bytes: Uint8Array,
  fileName: string,
  options: { timeoutMs?: number } = {},
): Promise<PriceListFile> {
  const release = await turn();
  const worker = new Worker(new URL("./price_list_worker.ts", import.meta.url), { type: "module" });
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const answer = await new Promise<WorkerAnswer>((resolve, reject) => {
      const stop = (ms: number, message: string) => {
        clearTimeout(timer);
        timer = setTimeout(() => reject(new PriceListFileError(message)), ms);
      };
      stop(STARTUP_TIMEOUT_MS, "сервер занят, попробуйте загрузить файл позже");
      worker.onmessage = (event: MessageEvent<WorkerAnswer | "ready">) => {
        if (event.data !== "ready") return resolve(event.data);
        stop(
          options.timeoutMs ?? PRICE_LIST_READ_TIMEOUT_MS,
          "файл читается слишком долго: он слишком большой или повреждён",
        );
        const request: WorkerRequest = { bytes, fileName };
        worker.postMessage(request);
      };
      worker.onerror = (event) => {
        event.preventDefault();
        reject(new Error(`Price list worker failed: ${event.message}`));
      };
    });
    if (answer.ok) return answer.list;
    if (answer.fileError) throw new PriceListFileError(answer.message);
    throw new Error(`Price list worker failed: ${answer.message}`);
  } finally {
    clearTimeout(timer);
    worker.terminate();
    release();
  }
}
