// Test helper: a service agreement written straight into the database (the sale and the client's signature
// are tested with the agreements themselves), for the tests of the visits it schedules.
import { serviceAgreements } from "./schema/mod.ts";
import type { Db } from "./client.ts";

export interface TestAgreement {
  companyId: number;
  objectId: number;
  startsOn: string;
  endsOn: string;
  rrule?: string;
  status?: "draft" | "sent" | "signed" | "ended";
  number?: string;
  operations?: string[];
  partsDiscountPercent?: number;
}

/** Inserts an agreement of the «Стандарт» plan (two visits a year) and answers its id. */
export async function insertAgreement(db: Db, a: TestAgreement): Promise<number> {
  const [row] = await db.insert(serviceAgreements).values({
    companyId: a.companyId,
    objectId: a.objectId,
    number: a.number ?? `ТО-${a.startsOn.slice(0, 4)}-${crypto.randomUUID().slice(0, 6)}`,
    planName: "Стандарт",
    visitsPerYear: 2,
    rrule: a.rrule ?? "FREQ=MONTHLY;INTERVAL=6",
    operations: a.operations ?? [],
    partsDiscountPercent: a.partsDiscountPercent ?? 0,
    sizeBand: "small",
    startsOn: a.startsOn,
    endsOn: a.endsOn,
    payMode: "year",
    pricePerYear: 24_000_00,
    pricePerVisit: 12_000_00,
    status: a.status ?? "draft",
    contractText: "Договор на сервисное обслуживание",
    textSha256: "0".repeat(64),
  }).returning({ id: serviceAgreements.id });
  return row.id;
}
