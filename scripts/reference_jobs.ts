// Prices the reference jobs with the CLI and prints the table of them in docs/estimating.md; with --write it
// also records each total in its quote file and puts the table into docs/estimating.md between its markers.
//   deno run -A scripts/reference_jobs.ts [--write]
import { fileURLToPath } from "node:url";
import {
  referenceDate,
  referenceJobsDir,
  referenceQuotes,
  referenceQuotesDir,
  referenceTable,
  tableMarkers,
} from "../cli/reference_jobs.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const out = await Deno.makeTempDir();
const run = await new Deno.Command(Deno.execPath(), {
  args: [
    "run",
    "-A",
    `${root}cli/main.ts`,
    "estimate",
    "generate",
    referenceJobsDir,
    "--out",
    out,
    "--format",
    "json",
    "--date",
    referenceDate,
    "--quiet",
  ],
  stdout: "inherit",
  stderr: "inherit",
}).output();
if (!run.success) Deno.exit(1);
const quotes = referenceQuotes();
const totals = new Map<string, number>();
for (const name of quotes.keys()) {
  totals.set(name, JSON.parse(await Deno.readTextFile(`${out}/${name}`)).totalAmount);
}
await Deno.remove(out, { recursive: true });
const table = referenceTable(quotes, totals);
console.log(table);
for (const [name, q] of quotes) {
  const total = totals.get(name)!;
  if (total < q.quoteMin * 100 || total > q.quoteMax * 100) {
    console.error(`вне диапазона: ${name} ${total / 100} ₽`);
  }
}
if (Deno.args.includes("--write")) {
  for (const [name, q] of quotes) {
    await Deno.writeTextFile(
      `${referenceQuotesDir}/${name}`,
      JSON.stringify({ ...q, totalKopecks: totals.get(name) }, null, 2) + "\n",
    );
  }
  const doc = await Deno.readTextFile(`${root}docs/estimating.md`);
  const [before, rest] = doc.split(tableMarkers[0]);
  const after = rest.split(tableMarkers[1])[1];
  await Deno.writeTextFile(
    `${root}docs/estimating.md`,
    `${before}${tableMarkers[0]}\n\n${table}\n\n${tableMarkers[1]}${after}`,
  );
}
