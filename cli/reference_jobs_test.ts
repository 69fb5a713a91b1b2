// Each reference job priced by the CLI as an estimator prices them: the total equals the recorded
// one to the kopeck, lies within the estimator's range, and the table in docs/estimating.md says so.
import assert from "node:assert/strict";
import type { Estimate } from "../estimating/mod.ts";
import {
  referenceDate,
  referenceJobsDir,
  referenceQuotes,
  referenceTable,
  tableMarkers,
} from "./reference_jobs.ts";
import { root, spawnCli, withTempDir } from "./testing.ts";

Deno.test("[cli] reference jobs: each total equals its recorded total and lies within the estimator's range", () =>
  withTempDir(async (dir) => {
    const expected = referenceQuotes();
    const documents = [...Deno.readDirSync(referenceJobsDir)].filter((e) => e.name.endsWith(".json"))
      .map((e) => e.name);
    assert.deepEqual(documents.sort(), [...expected.keys()], "every job has a quote and every quote a job");
    if (documents.length === 0) return;
    const r = await spawnCli([
      "estimate",
      "generate",
      referenceJobsDir,
      "--out",
      dir,
      "--format",
      "json",
      "--date",
      referenceDate,
      "--quiet",
    ]);
    assert.equal(r.code, 0, r.stderr);
    const totals = new Map<string, number>();
    for (const [name, quote] of expected) {
      const estimate: Estimate = JSON.parse(await Deno.readTextFile(`${dir}/${name}`));
      totals.set(name, estimate.totalAmount);
      assert.equal(estimate.totalAmount, quote.totalKopecks, `${name}: ${quote.title}`);
      assert.ok(
        estimate.totalAmount >= quote.quoteMin * 100 && estimate.totalAmount <= quote.quoteMax * 100,
        `${name}: ${estimate.totalAmount / 100} ₽ outside ${quote.quoteMin}–${quote.quoteMax} ₽`,
      );
    }
    const doc = await Deno.readTextFile(`${root}docs/estimating.md`);
    const table = doc.split(tableMarkers[0])[1]?.split(tableMarkers[1])[0] ?? "";
    // As `deno fmt` aligns it: the cells' padding and the dashes' count do not matter.
    const cells = (md: string) => md.trim().replace(/ *\| */g, "|").replace(/-{3,}/g, "---");
    assert.equal(
      cells(table),
      cells(referenceTable(expected, totals)),
      "the table in docs/estimating.md (scripts/reference_jobs.ts --write)",
    );
  }));
