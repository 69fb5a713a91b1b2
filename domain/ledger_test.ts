import assert from "node:assert/strict";
import { finalPaymentAmount, ledgerOf, paidInFull, receivableAge } from "./ledger.ts";

Deno.test("ledgerOf() counts received money as recorded and awaits only pending requests", () => {
  const ledger = ledgerOf(26_157_400, [
    { kind: "prepayment", status: "paid", amount: 7_847_220, receivedAmount: 7_847_200 },
    { kind: "final", status: "cancelled", amount: 18_310_180, receivedAmount: null },
    { kind: "final", status: "pending", amount: 18_310_200, receivedAmount: null },
  ]);
  assert.deepEqual(ledger, { due: 26_157_400, received: 7_847_200, owed: 18_310_200, awaiting: 18_310_200 });
  assert.equal(finalPaymentAmount(ledger), 18_310_200);
  assert.equal(paidInFull(ledger), false);
});

Deno.test("paidInFull() holds once nothing of a contract is owed, never without a contract", () => {
  const paid = ledgerOf(100_00, [{
    kind: "prepayment",
    status: "paid",
    amount: 100_00,
    receivedAmount: null,
  }]);
  assert.equal(paidInFull(paid), true);
  assert.equal(finalPaymentAmount(paid), null);
  assert.equal(paidInFull(ledgerOf(0, [])), false);
  const over = ledgerOf(100_00, [{ kind: "final", status: "paid", amount: 100_00, receivedAmount: 120_00 }]);
  assert.equal(over.owed, -20_00);
  assert.equal(finalPaymentAmount(over), null);
});

Deno.test("receivableAge() groups requests by whole days: 30 is still «до 30 дней», 31 is the next group", () => {
  assert.equal(receivableAge(0), "upTo30");
  assert.equal(receivableAge(30), "upTo30");
  assert.equal(receivableAge(31), "upTo60");
  assert.equal(receivableAge(90), "upTo90");
  assert.equal(receivableAge(91), "over90");
});
