import { check, index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { createdAt, id, inList, kopecks, timestamp, updatedAt } from "./_columns.ts";
import { clientKinds, objectStatuses, workTypes } from "../../domain/enums.ts";
import { companies } from "./companies.ts";
import { users } from "./users.ts";

/** A client site. */
export const objects = sqliteTable("objects", {
  id: id(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  address: text("address").notNull(),
  settlement: text("settlement"),
  region: text("region"),
  city: text("city"),
  district: text("district", { length: 100 }),
  direction: text("direction", { length: 50 }),
  coordinates: text("coordinates"),
  latitude: real("latitude"),
  longitude: real("longitude"),
  distanceFromMKAD: integer("distance_from_mkad"),
  clientName: text("client_name"),
  clientPhone: text("client_phone", { length: 50 }),
  clientEmail: text("client_email"),
  workType: text("work_type", { enum: workTypes }).notNull().default("construction"),
  status: text("status", { enum: objectStatuses }).notNull().default("new"),
  description: text("description"),
  estimatedCost: kopecks("estimated_cost"),
  actualCost: kopecks("actual_cost"),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  // The job status (ALTER TABLE appends columns). Written only by db/job_status.ts, in the transaction
  // of each event, from domain/job_status.ts; no CHECK, which would make drizzle-kit rebuild the table.
  /** The job's step (domain/job_status.ts JobStage) every badge shows; status is its coarse group. */
  stage: text("stage").notNull().default("new"),
  /** The chief engineer's override of the derived status, with its reason, who and when; null without one. */
  statusOverride: text("status_override", { enum: objectStatuses }),
  statusOverrideReason: text("status_override_reason"),
  statusOverrideBy: integer("status_override_by"),
  statusOverrideAt: timestamp("status_override_at"),
  /** The foreman started and finished the works. */
  worksStartedAt: timestamp("works_started_at"),
  worksFinishedAt: timestamp("works_finished_at"),
  /** The current contract's total (null without a contract) and the money received, kopecks (domain/job_money.ts). */
  contractTotal: kopecks("contract_total"),
  receivedTotal: kopecks("received_total").notNull().default(0),
  // The client is a person or an organisation; an organisation's requisites (checked by their
  // check digits, domain/requisites.ts) go into its contract, invoice and КС-2/КС-3. No CHECK on the kind, as
  // above: the zod schema of domain/objects.ts guards it.
  clientKind: text("client_kind", { enum: clientKinds }).notNull().default("person"),
  clientInn: text("client_inn", { length: 12 }),
  clientKpp: text("client_kpp", { length: 9 }),
  clientOgrn: text("client_ogrn", { length: 15 }),
  clientLegalAddress: text("client_legal_address"),
  /** Who signs for the organisation, «Генеральный директор Иванов И. И.». */
  clientSigner: text("client_signer"),
  clientBankName: text("client_bank_name"),
  clientBankBik: text("client_bank_bik", { length: 9 }),
  clientBankAccount: text("client_bank_account", { length: 20 }),
  clientBankCorAccount: text("client_bank_cor_account", { length: 20 }),
  /** What the changes in force (db/job_changes.ts) add to the contract's total, kopecks (negative: less work);
   * written in each change's transaction, read by the status module and the ledger. */
  changesDelta: kopecks("changes_delta").notNull().default(0),
  /**
   * When the job last became completed, null while it is not: set by the triggers of migration
   * 0037_object_completed_at on the change of status, whoever writes. «Завершено объектов» of a period counts
   * by it (a note added to a job finished long ago leaves it where it was).
   */
  completedAt: timestamp("completed_at"),
}, (t) => [
  // With status, work type and estimated cost: the first, partial day of an /analytics period is counted
  // from the index alone.
  index("objects_company_created_idx").on(t.companyId, t.createdAt, t.status, t.workType, t.estimatedCost),
  // The company's objects newest first (the object list, the dialogs' choices), ties by id: the index ends in
  // the rowid, so SQLite reads them in order instead of sorting the rows of equal created_at.
  index("objects_company_newest_idx").on(t.companyId, t.createdAt),
  // Every company's objects newest first (the system administrator's dashboard): 1.7 → 0.02 ms at 10×.
  index("objects_newest_idx").on(t.createdAt),
  index("objects_company_status_idx").on(t.companyId, t.status, t.createdAt),
  // Completed objects of a period (the revenue figures) are read from this index alone; with the contract
  // total and the estimated cost, so are the foreman's cards (db/foreman.ts foremanStats).
  index("objects_company_status_updated_idx").on(
    t.companyId,
    t.status,
    t.updatedAt,
    t.contractTotal,
    t.estimatedCost,
  ),
  // Completed objects of a period's first, partial day (db/figures.ts).
  index("objects_company_completed_idx").on(t.companyId, t.status, t.completedAt),
  index("objects_company_work_type_idx").on(t.companyId, t.workType, t.createdAt),
  index("objects_company_district_idx").on(t.companyId, t.district, t.createdAt),
  // What the clients owe (db/figures.ts): only the objects under a contract, not every object of the company.
  index("objects_company_contracted_idx").on(t.companyId, t.contractTotal, t.receivedTotal)
    .where(sql`${t.contractTotal} is not null and ${t.status} <> 'cancelled'`),
  check("objects_status_check", sql.raw(`status IN (${inList(objectStatuses)})`)),
  check("objects_work_type_check", sql.raw(`work_type IN (${inList(workTypes)})`)),
]);
