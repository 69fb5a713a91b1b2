// The contract as the API and the pages' islands read it: money in kopecks, dates as ISO strings.
import type { ContractWithState } from "../db/contracts.ts";

/** The contract as the API answers it (money in kopecks). */
export function contractJson(c: ContractWithState) {
  return {
    id: c.id,
    objectId: c.objectId,
    estimateId: c.estimateId,
    contractNumber: c.contractNumber,
    version: c.version,
    templateId: c.templateId,
    contractData: c.contractData,
    contractText: c.contractText,
    textSha256: c.textSha256,
    prepaymentPercent: c.prepaymentPercent,
    totalAmount: c.totalAmount,
    prepaymentAmount: c.prepaymentAmount,
    createdAt: c.createdAt.toISOString(),
    signed: c.signature !== null,
    signature: c.signature && {
      signerName: c.signature.signerName,
      signedAt: c.signature.signedAt.toISOString(),
      textSha256: c.signature.textSha256,
      hashMatches: c.signature.textSha256 === c.textSha256,
    },
    payment: c.payment && {
      id: c.payment.id,
      amount: c.payment.amount,
      status: c.payment.status,
      paymentLink: c.payment.paymentLink,
      receivedAmount: c.payment.receivedAmount,
      receivedAt: c.payment.receivedAt?.toISOString() ?? null,
    },
  };
}
