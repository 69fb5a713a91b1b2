import assert from "node:assert/strict";
import { join } from "node:path";
import { archiveName } from "./backup.ts";
import { archivesToKeep, dailyBackup } from "./backup_job.ts";
import { withTestApp } from "./testing.ts";

const at = (iso: string) => archiveName(new Date(iso));

Deno.test("archivesToKeep() keeps the newest archive of the last 7 days and of the last 4 weeks", () => {
  // Two archives a Moscow day, at 01:00 (22:00 UTC the day before) and 13:00 (10:00 UTC), for 60 days up
  // to Thursday 2026-11-26.
  const names: string[] = ["notes.txt"];
  for (let d = 0; d < 60; d++) {
    const noon = Date.UTC(2026, 10, 26 - d, 10);
    names.push(archiveName(new Date(noon)), archiveName(new Date(noon - 12 * 3600_000)));
  }
  const keep = [...archivesToKeep(names)].sort();
  const daily = ["20", "21", "22", "23", "24", "25", "26"].map((d) => at(`2026-11-${d}T10:00:00Z`));
  // Weeks from Monday: 23–29 and 16–22 November are kept by the daily ones; 9–15 and 2–8 by their Sundays.
  const weekly = ["2026-11-15", "2026-11-08"].map((d) => at(`${d}T10:00:00Z`));
  assert.deepEqual(keep, [...daily, ...weekly].sort());
});

Deno.test("dailyBackup() makes one archive a day and deletes what retention lets go", () =>
  withTestApp(async (t) => {
    const dir = join(t.dir, "backups");
    await Deno.mkdir(dir);
    const day = (month: number, date: number) => archiveName(new Date(Date.UTC(2025, month, date, 10)));
    const existing = [
      ...[1, 8, 15, 22].map((d) => day(11, d)),
      ...[28, 29, 30, 31].map((d) => day(11, d)),
      ...[1, 2, 3, 4, 5].map((d) => day(12, d)),
    ];
    for (const name of existing) await Deno.writeTextFile(join(dir, name), "");
    const deps = { ...t.deps, now: () => new Date("2026-01-06T09:00:00Z") };
    const first = await dailyBackup(deps, dir);
    assert.equal(first.created, join(dir, at("2026-01-06T09:00:00Z")));
    // Kept: 6 January (made now) back to 31 December, and the newest of the weeks from 22 and 15 December.
    assert.deepEqual(first.deleted.sort(), [day(11, 1), day(11, 8), day(11, 22), day(11, 29), day(11, 30)]);
    const second = await dailyBackup(deps, dir);
    assert.equal(second.created, null, "today's archive exists");
    assert.deepEqual(second.deleted, []);
  }));
