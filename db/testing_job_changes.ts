// Test helper (queries only in db/): a recorded change and a supplementary agreement awaiting the client on an
// object with a contract, written directly, for the route tests that need their ids.
import { desc, eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { contracts, jobChanges, objects, supplementaryAgreements } from "./schema/mod.ts";

export async function testChangeAndAgreement(db: Db, objectId: number) {
  const [object] = await db.select().from(objects).where(eq(objects.id, objectId));
  const [contract] = await db.select().from(contracts).where(eq(contracts.objectId, objectId))
    .orderBy(desc(contracts.id)).limit(1);
  if (!contract) throw new Error(`object ${objectId} has no contract`);
  const [agreement] = await db.insert(supplementaryAgreements).values({
    companyId: object.companyId,
    objectId,
    contractId: contract.id,
    number: 1,
    content: {
      number: 1,
      contractNumber: contract.contractNumber,
      contractDate: contract.createdAt.toISOString(),
      date: contract.createdAt.toISOString(),
      contractor: { name: "Подрядчик", inn: null, address: null, director: null },
      customer: object.clientName ?? "Заказчик",
      address: object.address,
      estimateNumber: "—",
      lines: [{
        kind: "added",
        name: "Кольцо",
        unit: "шт",
        oldQuantity: 0,
        newQuantity: 1,
        pricePerUnit: 100_00,
        oldTotal: 0,
        newTotal: 100_00,
        reason: "Ещё одно кольцо",
      }],
      vatMode: "none",
      oldTotal: contract.totalAmount,
      newTotal: contract.totalAmount + 100_00,
      newVatAmount: 0,
    },
    oldTotal: contract.totalAmount,
    newTotal: contract.totalAmount + 100_00,
    textSha256: "0".repeat(64),
  }).returning();
  const [change] = await db.insert(jobChanges).values({
    companyId: object.companyId,
    objectId,
    contractId: contract.id,
    kind: "added",
    section: "Дополнительные работы",
    name: "Кольцо",
    unit: "шт",
    oldQuantity: 0,
    newQuantity: 1,
    pricePerUnit: 100_00,
    reason: "Ещё одно кольцо",
    photoIds: [],
    agreementId: agreement.id,
  }).returning();
  return { jobChange: change.id, supplementaryAgreement: agreement.id };
}
