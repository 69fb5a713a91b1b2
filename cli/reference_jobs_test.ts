// The reference jobs: realistic measurement documents (examples/reference-jobs/) priced by the CLI as a
// contractor would (default price list, no VAT, dated 2026-02-10), each beside the range an estimator
// would quote for it, written before pricing (examples/reference-quotes/, same file name):
// `{ "title": "…", "quoteMin": 180000, "quoteMax": 230000, "why": "…", "totalKopecks": 19876543 }`.
// The product's total must equal `totalKopecks` to the kopeck and fall within the quoted range in roubles.
import assert from "node:assert/strict";
import type { Estimate } from "../estimating/mod.ts";
import { root, spawnCli, withTempDir } from "./testing.ts";

const jobs = `${root}examples/reference-jobs`;
const quotes = `${root}examples/reference-quotes`;

/** What an estimator expects of one reference job. */
export interface ReferenceQuote {
  title: string;
  quoteMin: number;
  quoteMax: number;
  why: string;
  totalKopecks: number;
}

/** The reference quotes by document file name. */
export function referenceQuotes(): Map<string, ReferenceQuote> {
  const out = new Map<string, ReferenceQuote>();
  for (const e of [...Deno.readDirSync(quotes)].sort((a, b) => a.name.localeCompare(b.name))) {
    if (e.isFile && e.name.endsWith(".json")) {
      out.set(e.name, JSON.parse(Deno.readTextFileSync(`${quotes}/${e.name}`)));
    }
  }
  return out;
}

Deno.test("[cli] reference jobs: each total equals its recorded total and lies within the estimator's range", () =>
  withTempDir(async (dir) => {
    const expected = referenceQuotes();
    const documents = [...Deno.readDirSync(jobs)].filter((e) => e.name.endsWith(".json")).map((e) => e.name);
    assert.deepEqual(
      documents.sort(),
      [...expected.keys()].sort(),
      "every job has a quote and every quote a job",
    );
    if (documents.length === 0) return;
    const r = await spawnCli([
      "estimate",
      "generate",
      jobs,
      "--out",
      dir,
      "--format",
      "json",
      "--date",
      "2026-02-10",
      "--quiet",
    ]);
    assert.equal(r.code, 0, r.stderr);
    for (const [name, quote] of expected) {
      const estimate: Estimate = JSON.parse(await Deno.readTextFile(`${dir}/${name}`));
      assert.equal(estimate.totalAmount, quote.totalKopecks, `${name}: ${quote.title}`);
      assert.ok(
        estimate.totalAmount >= quote.quoteMin * 100 && estimate.totalAmount <= quote.quoteMax * 100,
        `${name}: ${estimate.totalAmount / 100} ₽ outside ${quote.quoteMin}–${quote.quoteMax} ₽`,
      );
    }
  }));
