// The price of a commit on a local database file under each `synchronous` setting of the writing connection:
// 200 write transactions of one insert each on a WAL file, FULL (SQLite's default, an fsync at each commit)
// against NORMAL (what the writer of db/client.ts sets: the WAL is synced at each checkpoint), alternating,
// three runs each. `deno task bench writes --write` puts the table between the bench-writes markers of
// docs/performance.md.
import { createClient } from "@libsql/client";
import { markdownTable, measuredOn, range, writeFigures } from "./_doc_figures.ts";

const TRANSACTIONS = 200;
const RUNS = 3;
const settings = ["FULL", "NORMAL"] as const;

/** Milliseconds per write transaction on a fresh WAL file with `synchronous` set to `setting`. */
async function msPerCommit(setting: (typeof settings)[number]): Promise<number> {
  const dir = await Deno.makeTempDir({ prefix: "polesmeta-bench-writes-" });
  const client = createClient({ url: `file:${dir}/writes.db` });
  try {
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute(`PRAGMA synchronous = ${setting}`);
    await client.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)");
    const started = performance.now();
    for (let i = 0; i < TRANSACTIONS; i++) {
      const tx = await client.transaction("write");
      await tx.execute({ sql: "INSERT INTO notes (body) VALUES (?)", args: [`заметка ${i}`] });
      await tx.commit();
    }
    return (performance.now() - started) / TRANSACTIONS;
  } finally {
    client.close();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

export async function run(): Promise<void> {
  const header = await measuredOn(
    `${TRANSACTIONS} write transactions of one insert each on a WAL file, ${RUNS} runs of each setting ` +
      "alternating (wall time, so the machine's other load shows)",
  );
  const times = new Map<string, number[]>(settings.map((s) => [s, []]));
  for (let r = 0; r < RUNS; r++) {
    for (const setting of settings) times.get(setting)!.push(await msPerCommit(setting));
  }
  const lines = [
    header,
    "",
    ...markdownTable([
      ["`synchronous` of the writing connection", "per transaction"],
      ["FULL (SQLite's default)", range(times.get("FULL")!, "ms")],
      ["NORMAL (the app's writer)", range(times.get("NORMAL")!, "ms")],
    ]),
  ];
  for (const line of lines) console.log(line);
  if (Deno.args.includes("--write")) await writeFigures("writes", lines);
}

if (import.meta.main) await run();
