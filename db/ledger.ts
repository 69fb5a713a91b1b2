// The payment ledger's queries (definitions in domain/ledger.ts): one object's ledger, the objects whose
// contract is not paid in full, and the money asked for and not received, by age. Always given the scope.
import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { companyCondition, type Scope } from "./scope.ts";
import { preparedQuery } from "./prepared.ts";
import { contracts, objects, payments } from "./schema/mod.ts";
import type { OwedObject, ReceivablesByAge } from "../domain/ledger.ts";
import { type Ledger, ledgerOf, receivableAge, receivableAges } from "../domain/ledger.ts";

const DAY_MS = 86_400_000;

/** The id of the object's current contract (its newest version), as a correlated subquery. */
const currentContractId = sql`(select c2.id from contracts c2 where c2.object_id = ${objects.id}
  order by c2.created_at desc, c2.id desc limit 1)`;

/** The object's ledger with its current contract, or null when the object is not in the scope. */
export async function objectLedger(db: Db, scope: Scope, objectId: number): Promise<
  { ledger: Ledger; contract: { id: number; contractNumber: string; createdAt: Date } | null } | null
> {
  const [object] = await preparedQuery(
    db,
    "ledger.object",
    { objectId, companyId: scope ?? undefined },
    (p) =>
      db.select({ id: objects.id, changesDelta: objects.changesDelta }).from(objects)
        .where(and(eq(objects.id, p.objectId), p.companyId && eq(objects.companyId, p.companyId))),
  ).all();
  if (!object) return null;
  const [contract] = await preparedQuery(
    db,
    "ledger.contract",
    { objectId },
    (p) =>
      db.select({
        id: contracts.id,
        contractNumber: contracts.contractNumber,
        createdAt: contracts.createdAt,
        totalAmount: contracts.totalAmount,
      }).from(contracts).where(eq(contracts.objectId, p.objectId))
        .orderBy(desc(contracts.createdAt), desc(contracts.id)).limit(1),
  ).all();
  const rows = await preparedQuery(
    db,
    "ledger.payments",
    { objectId },
    (p) =>
      db.select({
        kind: payments.kind,
        status: payments.status,
        amount: payments.amount,
        receivedAmount: payments.receivedAmount,
        contractId: payments.contractId,
      }).from(payments).where(and(eq(payments.objectId, p.objectId), ne(payments.kind, "service"))),
  ).all();
  // The service agreements' payments have their own figures (db/service_figures.ts), not the works' ledger.
  // A request made for a replaced contract version is not awaited any more; money received stays received.
  const live = rows.filter((p) => p.status === "paid" || p.contractId === contract?.id);
  return {
    // The works' total with the changes in force (agreed increases, decreases): the act's total.
    ledger: ledgerOf(contract ? contract.totalAmount + object.changesDelta : 0, live),
    contract: contract
      ? { id: contract.id, contractNumber: contract.contractNumber, createdAt: contract.createdAt }
      : null,
  };
}

/** Objects (not cancelled) whose current contract is not paid in full, the largest remainder first. */
export async function owedObjects(db: Db, scope: Scope, limit = 20): Promise<OwedObject[]> {
  const received = sql<number>`coalesce((select sum(coalesce(p.received_amount, p.amount)) from payments p
    where p.object_id = ${objects.id} and p.status = 'paid' and p.kind <> 'service'), 0)`;
  const awaiting = sql<number>`coalesce((select sum(p.amount) from payments p
    where p.object_id = ${objects.id} and p.status = 'pending' and p.contract_id = ${contracts.id}), 0)`;
  const rows = await preparedQuery(
    db,
    "ledger.owed",
    { companyId: scope ?? undefined, limit },
    (p) =>
      db.select({
        objectId: objects.id,
        address: objects.address,
        clientName: objects.clientName,
        contractId: contracts.id,
        contractNumber: contracts.contractNumber,
        due: sql<number>`${contracts.totalAmount} + ${objects.changesDelta}`,
        received,
        awaiting,
      }).from(contracts)
        .innerJoin(objects, eq(objects.id, contracts.objectId))
        .where(and(
          // From the company's contracts (contracts_company_idx; every company's through it too), each kept
          // when it is its object's current one: a walk over the contracts, not over every object of the
          // company with a subquery each. `+`: the object's company is checked, not used to choose the rows.
          companyCondition(contracts.companyId, p.companyId),
          p.companyId && sql`+${objects.companyId} = ${p.companyId}`,
          sql`${contracts.id} = ${currentContractId}`,
          ne(objects.status, "cancelled"),
          sql`${contracts.totalAmount} + ${objects.changesDelta} > ${received}`,
        ))
        .orderBy(sql`${contracts.totalAmount} + ${objects.changesDelta} - ${received} desc`, objects.id)
        .limit(p.limit),
  ).all();
  return rows.map((r) => {
    const due = Number(r.due);
    const got = Number(r.received);
    return {
      objectId: r.objectId,
      address: r.address,
      clientName: r.clientName,
      contractId: r.contractId,
      contractNumber: r.contractNumber,
      ledger: { due, received: got, owed: due - got, awaiting: Number(r.awaiting) },
    };
  });
}

/**
 * Money asked for and not yet received (pending requests of current contracts, objects not cancelled), grouped
 * by the days since each request was made.
 */
export async function receivablesByAge(db: Db, scope: Scope, now: Date): Promise<ReceivablesByAge> {
  const rows = await preparedQuery(
    db,
    "receivablesByAge",
    { companyId: scope ?? undefined },
    (p) =>
      db.select({ amount: payments.amount, createdAt: payments.createdAt })
        .from(payments)
        .innerJoin(objects, eq(objects.id, payments.objectId))
        .where(and(
          p.companyId && eq(payments.companyId, p.companyId),
          eq(payments.status, "pending"),
          ne(objects.status, "cancelled"),
          sql`${payments.contractId} = ${currentContractId}`,
        )),
  ).all();
  const ages = receivableAges.map((a) => ({ key: a.key, label: a.label, count: 0, amount: 0 }));
  let total = 0;
  for (const r of rows) {
    const days = Math.max(0, Math.floor((now.getTime() - r.createdAt.getTime()) / DAY_MS));
    const age = ages.find((a) => a.key === receivableAge(days))!;
    age.count += 1;
    age.amount += r.amount;
    total += r.amount;
  }
  return { ages, total };
}

/** The object's newest final payment request (any status), for staff to see and mark received; null when none. */
export async function latestFinalPayment(db: Db, scope: Scope, objectId: number) {
  const [row] = await preparedQuery(
    db,
    "ledger.finalPayment",
    { objectId, companyId: scope ?? undefined },
    (p) =>
      db.select({
        id: payments.id,
        amount: payments.amount,
        status: payments.status,
        createdAt: payments.createdAt,
        receivedAmount: payments.receivedAmount,
        receivedAt: payments.receivedAt,
      }).from(payments).where(and(
        eq(payments.objectId, p.objectId),
        eq(payments.kind, "final"),
        p.companyId && eq(payments.companyId, p.companyId),
      )).orderBy(desc(payments.createdAt), desc(payments.id)).limit(1),
  ).all();
  return row ?? null;
}

/** The payment a client's link asks for, through the link's own company; null when it has none. */
export async function linkPayment(db: Db, link: { companyId: number; paymentId: number | null }) {
  if (link.paymentId === null) return null;
  const [row] = await db.select().from(payments)
    .where(and(eq(payments.id, link.paymentId), eq(payments.companyId, link.companyId)));
  return row ?? null;
}
