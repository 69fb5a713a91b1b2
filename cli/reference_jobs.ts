// The reference jobs: realistic measurement documents (examples/reference-jobs/) priced as a contractor
// would (default price list, no VAT, dated 2026-02-10), each beside the range an estimator would quote for
// it, written before pricing (examples/reference-quotes/, same file name). The table of them in
// docs/estimating.md is made here (`deno run -A scripts/reference_jobs.ts --write`) and checked by
// cli/reference_jobs_test.ts.
import { fileURLToPath } from "node:url";
import { formatRub } from "../estimating/mod.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
/** The documents. */
export const referenceJobsDir = `${root}examples/reference-jobs`;
/** The estimator's ranges, one file per document. */
export const referenceQuotesDir = `${root}examples/reference-quotes`;
/** The date the jobs are priced at (a winter job). */
export const referenceDate = "2026-02-10";

/** What an estimator expects of one reference job. */
export interface ReferenceQuote {
  /** The job in a few words. */
  title: string;
  /** The range a Moscow-region contractor would quote, roubles. */
  quoteMin: number;
  quoteMax: number;
  /** Where the range comes from. */
  why: string;
  /** The product's total, kopecks (checked to the kopeck). */
  totalKopecks: number;
}

/** The reference quotes by document file name, in name order. */
export function referenceQuotes(): Map<string, ReferenceQuote> {
  const out = new Map<string, ReferenceQuote>();
  const names = [...Deno.readDirSync(referenceQuotesDir)].filter((e) => e.isFile && e.name.endsWith(".json"))
    .map((e) => e.name).sort();
  for (const name of names) out.set(name, JSON.parse(Deno.readTextFileSync(`${referenceQuotesDir}/${name}`)));
  return out;
}

const rub = (roubles: number) => formatRub(roubles * 100).replace(",00", "");

/** The table in docs/estimating.md: each job, the estimator's range and the product's total (kopecks by name). */
export function referenceTable(quotes: Map<string, ReferenceQuote>, totals: Map<string, number>): string {
  const rows = [...quotes].map(([name, q]) => {
    const total = totals.get(name) ?? q.totalKopecks;
    return `| ${q.title} | \`${name}\` | ${rub(q.quoteMin)} – ${rub(q.quoteMax)} | ${formatRub(total)} |`;
  });
  return [
    "| job | document | a contractor would quote | ПолеСмета |",
    "| --- | --- | --- | ---: |",
    ...rows,
  ].join("\n");
}

/** Markers around the table in docs/estimating.md. */
export const tableMarkers = ["<!-- reference-jobs -->", "<!-- /reference-jobs -->"] as const;
