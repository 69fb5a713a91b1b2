// The graceful stop on SIGTERM (and SIGINT): /readyz turns 503 at once, the periodic jobs stop (a run under
// way finishes), the server stops accepting connections and finishes the requests in flight — their queued
// writes with them — then the database closes and the process exits 0. Past SHUTDOWN_TIMEOUT_MS it exits 1.
import { lifecycle } from "./lifecycle.ts";
import type { Logger } from "./log.ts";

/** How long requests in flight may take to finish before the process gives up on them, ms. */
export const SHUTDOWN_TIMEOUT_MS = 25_000;

export interface Stoppable {
  server: Deno.HttpServer;
  /** Stops a periodic worker; resolves when its run under way has finished. */
  workers: (() => Promise<void>)[];
  closeDb: () => void;
  log: Logger;
}

/** Stops everything in order; answers the exit code. */
export async function shutDown(s: Stoppable, signal: string): Promise<number> {
  lifecycle.stopping = true;
  const started = performance.now();
  s.log.info("shutdown", { signal });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) =>
    timer = setTimeout(() => resolve("late"), SHUTDOWN_TIMEOUT_MS)
  );
  const done = Promise.all([s.server.shutdown(), ...s.workers.map((stop) => stop())]).then(() =>
    "done" as const
  );
  const outcome = await Promise.race([done, late]);
  clearTimeout(timer);
  if (outcome === "late") {
    s.log.error("shutdown", { signal, ms: SHUTDOWN_TIMEOUT_MS, stack: "requests still in flight" });
    return 1;
  }
  s.closeDb();
  s.log.info("stopped", { signal, ms: Math.round(performance.now() - started) });
  return 0;
}

/** Shuts down gracefully on the first SIGTERM or SIGINT, then exits with shutDown()'s code. */
export function stopOnSignals(s: Stoppable): void {
  let once = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    Deno.addSignalListener(signal, async () => {
      if (once) return;
      once = true;
      Deno.exit(await shutDown(s, signal));
    });
  }
}
