import assert from "node:assert/strict";
import { moscowCalendar, moscowDate, moscowDayEnd, moscowDayStart, moscowTime } from "./dates.ts";

Deno.test("moscowDate() gives the Moscow calendar day, already the next one from 21:00 UTC", () => {
  assert.equal(moscowDate(new Date("2026-03-01T20:59:59Z")), "2026-03-01");
  assert.equal(moscowDate(new Date("2026-03-01T21:00:00Z")), "2026-03-02");
  assert.equal(moscowDate(new Date("2026-12-31T22:00:00Z")), "2027-01-01");
});

Deno.test("moscowDate() follows the time-zone database: Moscow was UTC+4 in 2012", () => {
  assert.equal(moscowDate(new Date("2012-06-01T20:30:00Z")), "2012-06-02");
});

Deno.test("moscowDayStart() and moscowDayEnd() bound a day at Moscow midnights", () => {
  assert.equal(moscowDayStart("2026-03-01").toISOString(), "2026-02-28T21:00:00.000Z");
  assert.equal(moscowDayEnd("2026-02-28").toISOString(), "2026-02-28T21:00:00.000Z");
  assert.equal(moscowDayEnd("2026-12-31").toISOString(), "2026-12-31T21:00:00.000Z");
});

Deno.test("moscowTime() places a wall-clock time and refuses a day that is not on the calendar", () => {
  assert.equal(moscowTime("2026-05-10", 12).toISOString(), "2026-05-10T09:00:00.000Z");
  assert.equal(moscowTime("2026-05-10", 23, 59, 59, 999).toISOString(), "2026-05-10T20:59:59.999Z");
  assert.ok(Number.isNaN(moscowTime("2026-02-30").getTime()));
  assert.ok(Number.isNaN(moscowDayEnd("2026-13-01").getTime()));
  assert.ok(Number.isNaN(moscowDayStart("").getTime()));
});

Deno.test("moscowCalendar() gives year, month from 1 and day", () => {
  assert.deepEqual(moscowCalendar(new Date("2026-11-23T21:30:00Z")), { year: 2026, month: 11, day: 24 });
});

Deno.test("moscowCalendar() answers a moment asked again as it did the first time, on either side of midnight", () => {
  const lastMoment = Date.parse("2026-11-23T20:59:59.999Z");
  const midnight = Date.parse("2026-11-23T21:00:00.000Z");
  for (let round = 0; round < 2; round++) {
    assert.deepEqual(moscowCalendar(lastMoment), { year: 2026, month: 11, day: 23 });
    assert.deepEqual(moscowCalendar(midnight), { year: 2026, month: 11, day: 24 });
    assert.equal(moscowDate(lastMoment - 59_999), "2026-11-23");
  }
  const cached = moscowCalendar(midnight);
  cached.day = 1;
  assert.equal(moscowCalendar(midnight).day, 24, "a caller's change does not reach the next");
  assert.ok(Number.isNaN(moscowCalendar(NaN).year));
});
