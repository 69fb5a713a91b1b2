import assert from "node:assert/strict";
import { deriveJobState, jobBadge, jobState, noFacts, readyForWorks } from "./job_status.ts";

const approvedSignedPaid = {
  ...noFacts,
  hasTask: true,
  measured: true,
  hasEstimate: true,
  estimateApproved: true,
  contractSigned: true,
  prepaymentReceived: true,
};

Deno.test("deriveJobState() makes a job approved, signed and prepaid ready for works (not «Смета готова»)", () => {
  assert.deepEqual(deriveJobState(approvedSignedPaid, "signed_and_prepaid"), {
    status: "approved",
    stage: "ready",
  });
});

Deno.test("deriveJobState() follows each event of the path in order", () => {
  const steps: [Partial<typeof noFacts>, string, string][] = [
    [{}, "new", "new"],
    [{ hasTask: true }, "in_progress", "measuring"],
    [{ measured: true }, "measurement_done", "measured"],
    [{ hasEstimate: true }, "estimation_done", "estimated"],
    [{ quoteSent: true }, "estimation_done", "quote_sent"],
    [{ changesRequested: true }, "estimation_done", "changes_requested"],
    [{ estimateApproved: true }, "estimation_done", "quote_approved"],
    [{ contractSigned: true }, "estimation_done", "awaiting_prepayment"],
    [{ prepaymentReceived: true }, "approved", "ready"],
    [{ worksStarted: true }, "work_in_progress", "works"],
    [{ worksFinished: true }, "completed", "works_done"],
    [{ actSigned: true }, "completed", "act_signed"],
    [{ paidInFull: true }, "completed", "paid"],
  ];
  let facts = { ...noFacts };
  for (const [event, status, stage] of steps) {
    facts = { ...facts, ...event };
    assert.deepEqual(deriveJobState(facts, "signed_and_prepaid"), { status, stage }, JSON.stringify(event));
  }
});

Deno.test("readyForWorks() applies the company's rule", () => {
  const approved = { ...noFacts, hasEstimate: true, estimateApproved: true };
  assert.equal(readyForWorks(approved, "estimate_approved"), true);
  assert.equal(readyForWorks(approved, "contract_signed"), false);
  assert.equal(readyForWorks({ ...approved, contractSigned: true }, "contract_signed"), true);
  assert.equal(readyForWorks({ ...approved, contractSigned: true }, "signed_and_prepaid"), false);
  assert.equal(readyForWorks({ ...approved, prepaymentReceived: true }, "signed_and_prepaid"), false);
  assert.deepEqual(deriveJobState({ ...approved, contractSigned: true }, "contract_signed"), {
    status: "approved",
    stage: "ready",
  });
});

Deno.test("jobState() lets the chief engineer's override win, and the badge says it was set by hand", () => {
  const s = jobState(approvedSignedPaid, "signed_and_prepaid", {
    status: "cancelled",
    reason: "Клиент отказался",
  });
  assert.deepEqual(s, { status: "cancelled", stage: "override" });
  assert.equal(jobBadge(s).label, "Отменено (вручную)");
  assert.equal(jobBadge({ status: "approved", stage: "ready" }).label, "Готов к работам");
  assert.equal(
    jobBadge({ status: "estimation_done", stage: "awaiting_prepayment" }).label,
    "Ожидает предоплаты",
  );
});
