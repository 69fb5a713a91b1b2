import assert from "node:assert/strict";
import { jobMoney } from "./job_money.ts";

Deno.test("jobMoney() values a job at its contract's total once there is one, not the rough estimate", () => {
  const m = jobMoney({ estimatedCost: 250_000_00, contractTotal: 261_574_00, receivedTotal: 78_472_20 });
  assert.deepEqual(m, { value: 261_574_00, contracted: true, received: 78_472_20, owed: 183_101_80 });
});

Deno.test("jobMoney() values a job without a contract at its rough estimate, owing nothing", () => {
  assert.deepEqual(jobMoney({ estimatedCost: 250_000_00, contractTotal: null, receivedTotal: 0 }), {
    value: 250_000_00,
    contracted: false,
    received: 0,
    owed: 0,
  });
  assert.equal(jobMoney({ estimatedCost: null, contractTotal: null, receivedTotal: 0 }).value, 0);
});

Deno.test("jobMoney() never owes below zero when more was received than contracted", () => {
  assert.equal(jobMoney({ estimatedCost: null, contractTotal: 100_00, receivedTotal: 150_00 }).owed, 0);
});
