import assert from "node:assert/strict";
import {
  addDays,
  conflictsOf,
  dragWindow,
  formatLeg,
  formatVisit,
  orderRoute,
  routeTotal,
  suggestDays,
  weekOf,
  windowInstants,
} from "./schedule.ts";

Deno.test("orderRoute() orders a day by direction from the first window's, then outwards from МКАД (worked example)", () => {
  const ramenskoe = { name: "Раменское", direction: "Юго-восток", distanceFromMKAD: 26, windowStart: 840 };
  const istra = { name: "Истра", direction: "Северо-запад", distanceFromMKAD: 35, windowStart: null };
  const krasnogorsk = {
    name: "Красногорск",
    direction: "Северо-запад",
    distanceFromMKAD: 5,
    windowStart: 540,
  };
  const route = orderRoute([ramenskoe, istra, krasnogorsk]);
  assert.deepEqual(route.map((s) => s.site.name), ["Красногорск", "Истра", "Раменское"]);
  // МКАД → Красногорск: 5 km out along the radial at 50 km/h.
  assert.deepEqual(route[0].leg, { km: 5, minutes: 6 });
  // Красногорск → Истра, one direction: the straight 30 km × 1.3 = 39 km (via МКАД would be 40), 47 min.
  assert.deepEqual(route[1].leg, { km: 39, minutes: 47 });
  // Истра → Раменское, opposite sides: 35 km in, half of МКАД (20 km × π = 62.8 km at 40 km/h), 26 km out:
  // 123.8 km and 73.2 + 94.2 = 167 min (the straight line 101 km × 1.3 = 131 km is longer).
  assert.deepEqual(route[2].leg, { km: 124, minutes: 167 });
  assert.deepEqual(routeTotal(route), { km: 168, minutes: 220 });
  assert.equal(formatLeg(routeTotal(route)), "≈ 168 км, 3 ч 40 мин");
});

Deno.test("conflictsOf() finds a person's overlapping windows and a crew booked twice, not touching windows", () => {
  const base = { scheduledDate: "2026-12-01", crewId: null as number | null };
  const a = { ...base, id: 1, windowStart: 540, windowEnd: 720, people: [10] };
  const b = { ...base, id: 2, windowStart: 720, windowEnd: 900, people: [10] };
  const c = { ...base, id: 3, windowStart: 600, windowEnd: 660, people: [11], crewId: 5 };
  const d = { ...base, id: 4, windowStart: 600, windowEnd: 660, people: [12] };
  const next = { ...base, id: 9, windowStart: 660, windowEnd: 780, people: [10], crewId: 5 };
  assert.deepEqual(conflictsOf(next, [a, b, c, d]).map((x) => x.id), [1, 2]);
  const crewOnly = { ...next, windowStart: 610, windowEnd: 650, people: [13] };
  assert.deepEqual(conflictsOf(crewOnly, [a, b, c, d]).map((x) => x.id), [3]);
  assert.deepEqual(conflictsOf({ ...next, windowStart: null, windowEnd: null }, [a]), []);
});

Deno.test("windowInstants() reads a window in Moscow time, whatever the server's zone", () => {
  const w = windowInstants("2026-12-01", { start: 540, end: 720 });
  assert.equal(w.start.toISOString(), "2026-12-01T06:00:00.000Z");
  assert.equal(w.end.toISOString(), "2026-12-01T09:00:00.000Z");
  assert.equal(formatVisit("2026-12-01", 540, 720), "01.12.2026, 9:00–12:00");
});

Deno.test("weekOf() starts on Monday; addDays() crosses months", () => {
  assert.deepEqual(weekOf("2026-11-26"), [
    "2026-11-23",
    "2026-11-24",
    "2026-11-25",
    "2026-11-26",
    "2026-11-27",
    "2026-11-28",
    "2026-11-29",
  ]);
  assert.equal(addDays("2026-11-30", 1), "2026-12-01");
});

Deno.test("suggestDays() offers the days the person already goes the new site's way, cheapest first", () => {
  const nw = (km: number) => ({ direction: "Северо-запад", distanceFromMKAD: km });
  const se = (km: number) => ({ direction: "Юго-восток", distanceFromMKAD: km });
  const byDay = new Map([
    ["2026-12-01", [nw(30)]],
    ["2026-12-02", [se(20)]],
    ["2026-12-03", [nw(5), se(10)]],
    ["2026-12-04", [nw(40), { direction: "Запад", distanceFromMKAD: 20 }]],
  ]);
  const days = suggestDays(nw(35), byDay, { from: "2026-12-01" });
  assert.deepEqual(days.map((d) => d.day), ["2026-12-04", "2026-12-01"]);
  assert.ok(days.every((d) => d.extraKm >= 0));
});

Deno.test("dragWindow() moves a window by quarters of an hour keeping its length, stretches its end, stays in the working day", () => {
  const nineToNoon = { start: 540, end: 720 };
  assert.deepEqual(dragWindow(nineToNoon, 31, "move"), { start: 570, end: 750 });
  assert.deepEqual(dragWindow(nineToNoon, -7, "move"), nineToNoon, "less than half a step does not move");
  assert.deepEqual(dragWindow(nineToNoon, -600, "move"), { start: 420, end: 600 }, "not before 7:00");
  assert.deepEqual(dragWindow(nineToNoon, 900, "move"), { start: 1080, end: 1260 }, "not after 21:00");
  assert.deepEqual(dragWindow(nineToNoon, 60, "resize"), { start: 540, end: 780 });
  assert.deepEqual(dragWindow(nineToNoon, -500, "resize"), { start: 540, end: 555 }, "one step at least");
  assert.deepEqual(dragWindow(nineToNoon, 900, "resize"), { start: 540, end: 1260 });
});
