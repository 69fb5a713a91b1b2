// The data of an object's КС-2 and КС-3 (domain/ks_forms.ts): the works performed (db/completed_works.ts),
// the parties' requisites and the current contract. Generated from what is stored now, not stored itself.
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "./client.ts";
import type { Scope } from "./scope.ts";
import { completionActs, contracts } from "./schema/mod.ts";
import { companyRequisites, contractClient, contractObject } from "./contracts.ts";
import { performedWorks } from "./completed_works.ts";
import { type KsDocument, ksDocument } from "../domain/ks_forms.ts";
import { bankLine, requisitesLine } from "../domain/contract_text.ts";
import { workTypeLabels } from "../domain/labels.ts";

/**
 * The object's КС-2/КС-3, or why there are none: not found, or no contract yet. They are dated as the act of
 * the current contract (the day the client signed it, else the day it was issued), the reporting period
 * running from the contract to that day; before any act, today.
 */
export async function objectKsDocument(
  db: Db,
  scope: Scope,
  objectId: number,
  now: Date,
): Promise<KsDocument | "not_found" | "no_contract"> {
  const object = await contractObject(db, scope, objectId);
  if (!object) return "not_found";
  const [contract] = await db.select().from(contracts).where(eq(contracts.objectId, objectId))
    .orderBy(desc(contracts.createdAt), desc(contracts.id)).limit(1);
  const [works, seller] = await Promise.all([
    performedWorks(db, objectId),
    companyRequisites(db, object.companyId),
  ]);
  if (!contract || !works || !seller) return "no_contract";
  const [act] = await db.select({ signedAt: completionActs.signedAt, createdAt: completionActs.createdAt })
    .from(completionActs)
    .where(and(eq(completionActs.contractId, contract.id), isNull(completionActs.refusedAt)))
    .orderBy(desc(completionActs.version)).limit(1);
  const date = act ? act.signedAt ?? act.createdAt : now;
  const client = contractClient(object);
  const address = contract.contractData.CLIENT_ADDRESS || object.legalAddress || "";
  const customerDetails = client.kind === "organisation"
    ? [requisitesLine(client), address, bankLine(client)].filter(Boolean).join(", ")
    : address;
  return ksDocument({
    number: `${contract.contractNumber}/1`,
    date,
    periodFrom: contract.createdAt,
    customer: {
      name: contract.contractData.CLIENT_NAME || object.clientName || "",
      details: customerDetails,
    },
    contractor: {
      name: seller.name,
      details: [requisitesLine(seller), seller.legalAddress ?? "", bankLine(seller)].filter(Boolean).join(
        ", ",
      ),
    },
    construction: object.address,
    object: workTypeLabels[object.workType as keyof typeof workTypeLabels] ?? object.workType,
    contract: { number: contract.contractNumber, date: contract.createdAt },
    works,
  });
}
