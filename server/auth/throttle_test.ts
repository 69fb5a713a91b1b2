import assert from "node:assert/strict";
import type { Db } from "../../db/client.ts";
import { withMigratedDb } from "../../db/testing_db.ts";
import {
  acceptLoginAttempt,
  delayFor,
  KNOWN_ADDRESS_DAYS,
  MAX_DELAY_MS,
  MAX_FAILURES_PER_PAIR,
  pruneAttempts,
  reserveLoginAttempt,
  SLOW_DOWN_AFTER,
  THROTTLE_WINDOW_MS,
} from "./throttle.ts";

const withDb = (fn: (db: Db) => Promise<void>) => withMigratedDb(fn);

Deno.test("delayFor() grows with the failures on one e-mail and stops at the cap", () => {
  assert.equal(delayFor(0), 0);
  assert.equal(delayFor(SLOW_DOWN_AFTER - 1), 0);
  assert.ok(delayFor(SLOW_DOWN_AFTER) > 0);
  assert.ok(delayFor(SLOW_DOWN_AFTER + 3) > delayFor(SLOW_DOWN_AFTER + 1));
  assert.equal(delayFor(10_000), MAX_DELAY_MS);
});

Deno.test("reserveLoginAttempt(): failures on one e-mail from many addresses slow it down, lock nobody out", () =>
  withDb(async (db) => {
    const now = new Date("2026-11-21T10:00:00Z");
    for (let i = 0; i < SLOW_DOWN_AFTER + 5; i++) {
      assert.ok(await reserveLoginAttempt(db, "owner@firm.ru", `10.1.0.${i}`, now));
    }
    const owner = await reserveLoginAttempt(db, "owner@firm.ru", "10.2.0.1", now);
    assert.ok(owner, "a fresh address is let through");
    assert.equal(owner.delayMs, delayFor(SLOW_DOWN_AFTER + 5));
    await acceptLoginAttempt(db, "owner@firm.ru", "10.2.0.1", now);
    const other = await reserveLoginAttempt(db, "someone@firm.ru", "10.2.0.1", now);
    assert.equal(other?.delayMs, 0, "another e-mail is not slowed");
    const later = await reserveLoginAttempt(
      db,
      "owner@firm.ru",
      "10.2.0.2",
      new Date(now.getTime() + THROTTLE_WINDOW_MS + 1),
    );
    assert.equal(later?.delayMs, 0, "out of the window the failures no longer count");
  }));

Deno.test("reserveLoginAttempt(): parallel reservations of one pair let exactly the limit through", () =>
  withDb(async (db) => {
    const now = new Date("2026-11-21T10:00:00Z");
    const results = await Promise.all(
      Array.from({ length: 40 }, () => reserveLoginAttempt(db, "a@b.ru", "10.3.0.1", now)),
    );
    assert.equal(results.filter(Boolean).length, MAX_FAILURES_PER_PAIR);
  }));

Deno.test("pruneAttempts() drops failures after the window but keeps an address the account signed in from for 90 days", () =>
  withDb(async (db) => {
    const now = new Date("2026-11-21T10:00:00Z");
    assert.ok(await reserveLoginAttempt(db, "owner@firm.ru", "10.4.0.1", now));
    await acceptLoginAttempt(db, "owner@firm.ru", "10.4.0.2", now);
    const later = new Date(now.getTime() + THROTTLE_WINDOW_MS + 1);
    assert.equal(await pruneAttempts(db, later), 1, "the failure goes, the known address stays");
    assert.equal(
      await pruneAttempts(db, new Date(now.getTime() + KNOWN_ADDRESS_DAYS * 24 * 3600_000 + 1)),
      1,
    );
  }));
