// Every core: one process per core, all listening on the same port (SO_REUSEPORT: the kernel spreads the
// connections among them) and all on the same database. The first process, the primary, migrates, seeds,
// sweeps the uploads and runs the periodic jobs and the outbox worker; it then starts WEB_CONCURRENCY − 1
// more processes of the same program that only serve. Processes rather than `deno serve --parallel`
// workers: the native SQLite driver gets an address space of its own per process, a crashed process is
// started again without taking the others down, and the same `main.ts` runs as a compiled binary.
//
// What a process caches in memory stays right across processes because it is checked against the database
// on every use: cached pages and sessions by the tables' change counters (db/table_versions.ts, moved by
// triggers whoever writes), sign-in limits are rows (db/login_attempts.ts), the outbox is claimed with
// leases, and writers of different processes take turns by SQLite's own lock (BEGIN IMMEDIATE, tried again
// after a pause while another process holds it, db/write_queue.ts).

/** Set in the environment of the processes the primary starts. */
export const WORKER_ENV = "POLESMETA_SERVE_ONLY";

/** Whether this process only serves (started by a primary). */
export function isServeOnlyProcess(): boolean {
  return Deno.env.get(WORKER_ENV) === "1";
}

/**
 * The V8 flags every server process runs with (`deno task start`, `demo`, `dev` and `compile` name them too:
 * server/cluster_test.ts checks that they agree). `--no-memory-reducer`: when a process falls idle after
 * serving, V8's memory reducer shrinks its heap with full collections, and the first load after the pause
 * paid for it: under the realistic mix (`deno task bench mix`, one process, 5 s loads after 12 s idle),
 * 0.48–0.63 ms of CPU an answer against 0.43–0.50 ms for loads without a pause before them, in 2 runs of 3
 * pauses; with the flag 0.44–0.48 ms after a pause as without one. The heap keeps the size its traffic gave it
 * instead, bounded as the page cache and the fragments are (server/page_cache.ts, server/island.tsx): 294
 * against 213 MB resident after 20 s idle following 3 000 pages made afresh (about 295 MB either way before).
 * It may also cost a rare read of about 300 ms, seen with the flag and not without it (docs/performance.md
 * «After a pause»): weigh that before keeping it.
 */
export const SERVER_V8_FLAGS = ["--no-memory-reducer"];

/** `deno run`'s option that passes SERVER_V8_FLAGS. */
export const serverV8Option = `--v8-flags=${SERVER_V8_FLAGS.join(",")}`;

/** How long a process that died unexpectedly waits before it is started again, ms. */
const RESTART_DELAY_MS = 1000;

/** A binary made by `deno compile` runs as itself, not as `deno run`. */
const isCompiled = !/(^|[\\/])deno(\.exe)?$/.test(Deno.execPath());

/**
 * Starts `count` serving processes of this program, each started again when it dies while the primary
 * runs. Each holds a pipe from the primary on its stdin: when the primary goes (stopped, killed), the pipe
 * closes and the process stops itself (followPrimary()).
 */
export function startServingProcesses(count: number): { stop(): void } {
  let stopping = false;
  const children = new Set<Deno.ChildProcess>();
  // A compiled binary carries its V8 flags (`deno task compile`).
  const args = isCompiled
    ? Deno.args
    : ["run", "-A", serverV8Option, new URL(Deno.mainModule).pathname, ...Deno.args];
  const start = () => {
    const child = new Deno.Command(Deno.execPath(), {
      args,
      env: { [WORKER_ENV]: "1" },
      stdin: "piped",
      stdout: "inherit",
      stderr: "inherit",
    }).spawn();
    children.add(child);
    child.status.then((status) => {
      children.delete(child);
      if (stopping) return;
      console.error(`Процесс ${child.pid} завершился (код ${status.code}); запускаю новый`);
      setTimeout(() => stopping || start(), RESTART_DELAY_MS);
    });
  };
  for (let i = 0; i < count; i++) start();
  return {
    stop() {
      stopping = true;
      for (const child of children) child.stdin.close();
    },
  };
}

/** In a serving process: stops it (SIGTERM to itself, so a graceful shutdown runs) once the primary is gone. */
export function followPrimary(): void {
  (async () => {
    for await (const _ of Deno.stdin.readable) {
      /* the primary sends nothing; the pipe closes when it ends */
    }
    Deno.kill(Deno.pid, "SIGTERM");
  })();
}
