// The read worker (db/read_worker.ts): a Deno Web Worker with a read connection of its own to the database
// file (WAL lets it read while the app writes), answering the named reads of db/read_queries.ts. It also
// copies the log into the database file now and then, off the request thread (db/checkpoints.ts).
/// <reference no-default-lib="true" />
/// <reference lib="deno.worker" />
import { localPath, openDb, pageReader } from "./client.ts";
import { checkpointEvery } from "./checkpoints.ts";
import { type ReadName, readQueries } from "./read_queries.ts";

/** What the worker is sent: the database once, then one read per message. */
export type ReadWorkerMessage =
  | { open: string }
  | { id: number; name: ReadName; args: unknown };
/** What it answers: ready (or why not), then each read's rows or its error's message; checkpoints that stopped. */
export type ReadWorkerAnswer =
  | { ready: true }
  | { ready: false; message: string }
  | { checkpointsStopped: string }
  | { id: number; ok: true; value: unknown; ms: number }
  | { id: number; ok: false; message: string; ms: number };

let db: Awaited<ReturnType<typeof openDb>> | null = null;

/**
 * Checkpoints the file at `path` (only a local file is read here, db/read_worker.ts) until the worker ends.
 * Checkpoints that cannot start or stop are told, and the reads go on: the writers' own checkpoints take over.
 */
function startCheckpoints(path: string) {
  const stopped = (error: unknown) =>
    self.postMessage(
      { checkpointsStopped: (error as Error)?.message ?? String(error) } satisfies ReadWorkerAnswer,
    );
  try {
    checkpointEvery(path, { failed: stopped });
  } catch (error) {
    stopped(error);
  }
}

self.onmessage = async (event: MessageEvent<ReadWorkerMessage>) => {
  const message = event.data;
  if ("open" in message) {
    try {
      db = await openDb(message.open);
      startCheckpoints(localPath(message.open)!);
      self.postMessage({ ready: true } satisfies ReadWorkerAnswer);
    } catch (error) {
      self.postMessage({ ready: false, message: String(error) } satisfies ReadWorkerAnswer);
    }
    return;
  }
  // How long the read took here, for where the next one of its kind runs (db/read_worker.ts).
  const started = performance.now();
  try {
    const read = readQueries[message.name] as (d: typeof db, a: unknown) => Promise<unknown>;
    // Only reads come here: they go through the reader made for them (db/page_reader.ts).
    const value = await read(pageReader(db!), message.args);
    self.postMessage(
      { id: message.id, ok: true, value, ms: performance.now() - started } satisfies ReadWorkerAnswer,
    );
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    self.postMessage(
      {
        id: message.id,
        ok: false,
        message: text,
        ms: performance.now() - started,
      } satisfies ReadWorkerAnswer,
    );
  }
};
