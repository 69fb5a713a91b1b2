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
  const args = isCompiled ? Deno.args : ["run", "-A", new URL(Deno.mainModule).pathname, ...Deno.args];
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
