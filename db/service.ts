// Service queries (docs/service.md): what is installed on an object, the company's service plans,
// the service agreement sold on an object (its contract signed through the client's link) and its payments,
// which land in `payments` with kind "service". Staff functions take the company scope: another company's
// record is not found.
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  ne,
  notExists,
  type SQL,
} from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db, Executor } from "./client.ts";
import { type Scope, scopeOf } from "./scope.ts";
import {
  estimates,
  installedEquipment,
  objects,
  payments,
  serviceAgreements,
  servicePlans,
} from "./schema/mod.ts";
import { activePriceList } from "./price_lists.ts";
import { companyRequisites } from "./contracts.ts";
import { defaultPriceList, findModel } from "../estimating/mod.ts";
import { defaultServicePlans, serviceNeedsOf, sizeBandOf } from "../estimating/service.ts";
import type { EquipmentInput, ServiceAgreementInput, ServicePlanInput } from "../domain/service_forms.ts";
import { agreementTerms, serviceAgreementNumber, serviceContractText } from "../domain/service_forms.ts";
import { moscowCalendar, moscowDate } from "../domain/dates.ts";
import { notifyRoles, recordActivity } from "./notifications.ts";
import { enqueueClientMessage } from "./outbox.ts";
import { formatDate } from "../domain/format.ts";
import { equipmentLabel } from "../domain/service.ts";
import { scheduleAgreementVisits } from "./service_visits.ts";

export type InstalledEquipment = typeof installedEquipment.$inferSelect;
export type ServicePlan = typeof servicePlans.$inferSelect;
export type ServiceAgreement = typeof serviceAgreements.$inferSelect;

const companyOf = (column: SQLiteColumn, scope: Scope): SQL | undefined =>
  scope === null ? undefined : eq(column, scope);

/** The object of the scope (id, company, address, client), or null. */
async function scopedObject(db: Executor, scope: Scope, objectId: number) {
  const [row] = await db.select({
    id: objects.id,
    companyId: objects.companyId,
    address: objects.address,
    clientName: objects.clientName,
    latitude: objects.latitude,
    longitude: objects.longitude,
  }).from(objects).where(and(eq(objects.id, objectId), companyOf(objects.companyId, scope)));
  return row ?? null;
}

/** The catalogue's name for a model code; the typed name otherwise. */
function modelFields(input: Pick<EquipmentInput, "modelCode" | "modelName">) {
  const model = input.modelCode ? findModel(input.modelCode) : undefined;
  return { modelCode: model?.id ?? null, modelName: model ? model.model : input.modelName };
}

const equipmentValues = (input: EquipmentInput) => ({
  kind: input.kind,
  ...modelFields(input),
  serialNumber: input.serialNumber ?? null,
  installedOn: input.installedOn ?? null,
  depthM: input.depthM ?? null,
  casing: input.casing ?? null,
  staticLevelM: input.staticLevelM ?? null,
  dynamicLevelM: input.dynamicLevelM ?? null,
  flowRateM3h: input.flowRateM3h ?? null,
  pump: input.pump ?? null,
  notes: input.notes ?? null,
});

/** Adds equipment entered by hand (a station someone else installed); null when the object is not in the scope. */
export async function addEquipment(
  db: Db,
  scope: Scope,
  objectId: number,
  input: EquipmentInput,
  byUserId: number,
): Promise<InstalledEquipment | null> {
  const object = await scopedObject(db, scope, objectId);
  if (!object) return null;
  const [row] = await db.insert(installedEquipment).values({
    companyId: object.companyId,
    objectId,
    source: "manual",
    createdBy: byUserId,
    ...equipmentValues(input),
  }).returning();
  return row;
}

/** Edits a record (the serial number, the date, a well's data); null when it is not in the scope. */
export async function updateEquipment(
  db: Db,
  scope: Scope,
  id: number,
  input: EquipmentInput,
): Promise<InstalledEquipment | null> {
  const [row] = await db.update(installedEquipment).set(equipmentValues(input))
    .where(and(eq(installedEquipment.id, id), companyOf(installedEquipment.companyId, scope))).returning();
  return row ?? null;
}

/** The station model the object's newest estimate was made for (its measurement's `septic_model`), if any. */
async function estimatedStation(tx: Executor, objectId: number) {
  const rows = await tx.select({ doc: estimates.measurementDocument }).from(estimates)
    .where(eq(estimates.objectId, objectId)).orderBy(desc(estimates.createdAt), desc(estimates.id)).limit(1);
  const found = /"septic_model"\s*:\s*"([^"]+)"/.exec(JSON.stringify(rows[0]?.doc ?? null));
  return found ? findModel(found[1]) : undefined;
}

/**
 * Records what the finished works installed, from the finish path in its transaction: the station of the
 * object's estimate (its catalogue model), source «act», dated the day the works finished; the foreman adds the
 * serial number (and a well's data) on the phone after. Idempotent: a station already recorded from the act is
 * kept. Returns the object's equipment from the act.
 */
export async function recordInstalledEquipment(
  tx: Executor,
  objectId: number,
  p: { companyId: number; byUserId: number | null; installedOn: string; workType: string },
): Promise<InstalledEquipment[]> {
  const existing = await tx.select().from(installedEquipment)
    .where(and(eq(installedEquipment.objectId, objectId), eq(installedEquipment.source, "act")));
  if (existing.length > 0) return existing;
  const station = await estimatedStation(tx, objectId);
  const values = station
    ? [{ kind: "station" as const, modelCode: station.id, modelName: station.model }]
    : p.workType === "well_drilling" || p.workType === "drilling"
    ? [{ kind: "well" as const, modelCode: null, modelName: "Скважина" }]
    : [];
  if (values.length === 0) return [];
  return await tx.insert(installedEquipment).values(values.map((v) => ({
    ...v,
    companyId: p.companyId,
    objectId,
    source: "act" as const,
    installedOn: p.installedOn,
    createdBy: p.byUserId,
  }))).returning();
}

/** The company's plans, the ones on sale first. */
export async function listPlans(db: Db, companyId: number): Promise<ServicePlan[]> {
  return await db.select().from(servicePlans).where(eq(servicePlans.companyId, companyId))
    .orderBy(asc(servicePlans.archived), asc(servicePlans.id));
}

/** Adds the three typical plans priced from the company's price list (the default list's service rows where
 * the company's own has none). Adds nothing when the company has plans already. */
export async function addDefaultPlans(db: Db, companyId: number): Promise<ServicePlan[]> {
  const own = await activePriceList(db, companyId);
  const list = own && own.items.some((i) => i.code >= "А280" && i.code <= "А295")
    ? own.items
    : defaultPriceList;
  return await db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(servicePlans).where(
      eq(servicePlans.companyId, companyId),
    );
    if (n > 0) return [];
    return await tx.insert(servicePlans).values(
      defaultServicePlans(list).map((p) => ({ ...p, companyId })),
    ).returning();
  });
}

/** Adds a plan, or changes the plan `id` of the scope (null when it is not in the scope). */
export async function savePlan(
  db: Db,
  scope: Scope,
  companyId: number,
  input: ServicePlanInput,
  id?: number,
): Promise<ServicePlan | null> {
  if (id === undefined) {
    const [row] = await db.insert(servicePlans).values({ ...input, companyId }).returning();
    return row;
  }
  const [row] = await db.update(servicePlans).set(input)
    .where(and(eq(servicePlans.id, id), companyOf(servicePlans.companyId, scope))).returning();
  return row ?? null;
}

/** The object's equipment and service agreements (newest first), with each agreement's payments. */
export async function objectService(db: Db, scope: Scope, objectId: number) {
  const object = await scopedObject(db, scope, objectId);
  if (!object) return null;
  const [equipment, agreements, paid] = await Promise.all([
    db.select().from(installedEquipment).where(eq(installedEquipment.objectId, objectId))
      .orderBy(asc(installedEquipment.id)),
    db.select().from(serviceAgreements).where(eq(serviceAgreements.objectId, objectId))
      .orderBy(desc(serviceAgreements.id)),
    db.select().from(payments).where(and(eq(payments.objectId, objectId), eq(payments.kind, "service")))
      .orderBy(desc(payments.id)),
  ]);
  return {
    object,
    equipment,
    agreements: agreements.map((a) => ({
      ...a,
      payments: paid.filter((p) => p.serviceAgreementId === a.id),
    })),
  };
}

export { equipmentLabel };

type AgreementResult =
  | { agreement: ServiceAgreement }
  | { problem: "missing" | "plan" | "equipment" | "requisites" };

/**
 * Sells a plan on an object: a draft agreement with the plan's terms copied, the price of the station's size
 * band, a year from the start, numbered per company per year, and its contract text.
 */
export async function createAgreement(
  db: Db,
  scope: Scope,
  objectId: number,
  input: ServiceAgreementInput,
  by: { id: number; now: Date },
): Promise<AgreementResult> {
  const object = await scopedObject(db, scope, objectId);
  if (!object) return { problem: "missing" };
  const [plan] = await db.select().from(servicePlans).where(and(
    eq(servicePlans.id, input.planId),
    eq(servicePlans.companyId, object.companyId),
    eq(servicePlans.archived, false),
  ));
  if (!plan) return { problem: "plan" };
  const [equipment] = await db.select().from(installedEquipment).where(and(
    eq(installedEquipment.id, input.equipmentId),
    eq(installedEquipment.objectId, objectId),
  ));
  if (!equipment) return { problem: "equipment" };
  const company = await companyRequisites(db, object.companyId);
  if (!company) return { problem: "requisites" };
  const band = input.sizeBand ?? sizeBandOf(findModel(equipment.modelCode)?.users);
  const agreement = await db.transaction((tx) =>
    writeAgreement(tx, {
      object,
      plan,
      equipment,
      company,
      band,
      startsOn: input.startsOn,
      payMode: input.payMode,
      status: "draft",
      renewsId: null,
    }, by)
  );
  return { agreement };
}

/** The agreement's row, numbered after the company's agreements of the year, with its contract text. */
async function writeAgreement(
  tx: Executor,
  p: {
    object: NonNullable<Awaited<ReturnType<typeof scopedObject>>>;
    plan: ServicePlan;
    equipment: InstalledEquipment;
    company: NonNullable<Awaited<ReturnType<typeof companyRequisites>>>;
    band: ServiceAgreement["sizeBand"];
    startsOn: string;
    payMode: ServiceAgreement["payMode"];
    status: "draft" | "sent";
    renewsId: number | null;
  },
  by: { id: number | null; now: Date },
): Promise<ServiceAgreement> {
  const { object, plan, equipment } = p;
  const price = plan.prices[p.band];
  const endsOn = yearLater(p.startsOn);
  const year = moscowCalendar(by.now).year;
  const [{ n }] = await tx.select({ n: count() }).from(serviceAgreements).where(and(
    eq(serviceAgreements.companyId, object.companyId),
    like(serviceAgreements.number, `ТО-${year}-%`),
  ));
  const number = serviceAgreementNumber(year, n + 1);
  const terms = agreementTerms(plan);
  const contractText = serviceContractText({
    ...terms,
    number,
    date: by.now,
    company: p.company,
    clientName: object.clientName ?? "Заказчик",
    objectAddress: object.address,
    equipment: equipmentLabel(equipment),
    startsOn: p.startsOn,
    endsOn,
    payMode: p.payMode,
    pricePerYear: price.perYear,
    pricePerVisit: price.perVisit,
  });
  const [agreement] = await tx.insert(serviceAgreements).values({
    ...terms,
    companyId: object.companyId,
    objectId: object.id,
    equipmentId: equipment.id,
    planId: plan.id,
    renewsId: p.renewsId,
    number,
    sizeBand: p.band,
    startsOn: p.startsOn,
    endsOn,
    payMode: p.payMode,
    pricePerYear: price.perYear,
    pricePerVisit: price.perVisit,
    status: p.status,
    contractText,
    textSha256: await sha256Hex(contractText),
    createdBy: by.id,
    createdAt: by.now,
  }).returning();
  return agreement;
}

export type RenewResult =
  | { agreement: ServiceAgreement }
  | { problem: "missing" | "not_signed" | "renewed" | "plan" | "equipment" | "requisites" };

/**
 * Renews a signed agreement: the next period (from the day after its end, a year), the plan's current price
 * for the same size band, the same equipment and pay mode, sent at once to the client's link to sign like the
 * first. The old agreement runs to its end date (endExpiredAgreements). One live renewal per agreement.
 */
export async function renewAgreement(
  db: Db,
  scope: Scope,
  id: number,
  by: { id: number; now: Date },
): Promise<RenewResult> {
  const old = await getAgreement(db, scope, id);
  if (!old) return { problem: "missing" };
  if (old.status !== "signed") return { problem: "not_signed" };
  const object = await scopedObject(db, scope, old.objectId);
  if (!object) return { problem: "missing" };
  const [plan] = old.planId === null ? [] : await db.select().from(servicePlans).where(and(
    eq(servicePlans.id, old.planId),
    eq(servicePlans.archived, false),
  ));
  if (!plan) return { problem: "plan" };
  const [equipment] = old.equipmentId === null
    ? []
    : await db.select().from(installedEquipment).where(eq(installedEquipment.id, old.equipmentId));
  if (!equipment) return { problem: "equipment" };
  const company = await companyRequisites(db, object.companyId);
  if (!company) return { problem: "requisites" };
  return await db.transaction(async (tx): Promise<RenewResult> => {
    const [live] = await tx.select({ id: serviceAgreements.id }).from(serviceAgreements)
      .where(and(eq(serviceAgreements.renewsId, old.id), ne(serviceAgreements.status, "ended")));
    if (live) return { problem: "renewed" };
    const agreement = await writeAgreement(tx, {
      object,
      plan,
      equipment,
      company,
      band: old.sizeBand,
      startsOn: dayAfter(old.endsOn),
      payMode: old.payMode,
      status: "sent",
      renewsId: old.id,
    }, by);
    await recordActivity(tx, {
      at: by.now,
      companyId: object.companyId,
      userId: by.id,
      type: "document",
      title: `Продление договора обслуживания № ${old.number}: № ${agreement.number} отправлен клиенту`,
      status: "pending",
      objectId: object.id,
    });
    return { agreement };
  });
}

/**
 * Ends the signed agreements whose term is over (the day after their end date, Moscow): «renewed» when a
 * signed renewal follows, «expired» otherwise. Run by the periodic jobs; returns how many ended.
 */
export async function endExpiredAgreements(db: Db, now: Date): Promise<number> {
  const today = moscowDate(now);
  const due = await db.select({ id: serviceAgreements.id }).from(serviceAgreements).where(and(
    eq(serviceAgreements.status, "signed"),
    lt(serviceAgreements.endsOn, today),
  )).limit(500);
  const renewedIds = due.length === 0 ? [] : await db.select({ id: serviceAgreements.renewsId })
    .from(serviceAgreements).where(and(
      inArray(serviceAgreements.renewsId, due.map((a) => a.id)),
      isNotNull(serviceAgreements.signedAt),
    ));
  const renewed = new Set(renewedIds.map((r) => r.id));
  for (const a of due) {
    await db.update(serviceAgreements).set({
      status: "ended",
      endedAt: now,
      endReason: renewed.has(a.id) ? "renewed" : "expired",
      updatedAt: now,
    }).where(and(eq(serviceAgreements.id, a.id), eq(serviceAgreements.status, "signed")));
  }
  return due.length;
}

/** How many days before its end an agreement's renewal is reminded. */
export const RENEWAL_REMINDER_DAYS = 30;

/**
 * Reminds, once per agreement, that a signed agreement ends within RENEWAL_REMINDER_DAYS and has no signed
 * renewal: the company's managers and administrators get a notification, the client a message through the
 * outbox (service_renewal_due). Stamped in the same transaction, so never twice. Returns how many.
 */
export async function remindRenewals(db: Db, now: Date, origin: string): Promise<number> {
  const today = moscowDate(now);
  const until = moscowDate(new Date(now.getTime() + RENEWAL_REMINDER_DAYS * 86_400_000));
  const renewal = alias(serviceAgreements, "renewal");
  const due = await db.select({
    id: serviceAgreements.id,
    companyId: serviceAgreements.companyId,
    objectId: serviceAgreements.objectId,
    number: serviceAgreements.number,
    endsOn: serviceAgreements.endsOn,
    email: objects.clientEmail,
    clientName: objects.clientName,
    address: objects.address,
  }).from(serviceAgreements)
    .innerJoin(objects, eq(objects.id, serviceAgreements.objectId))
    .where(and(
      eq(serviceAgreements.status, "signed"),
      isNull(serviceAgreements.renewalRemindedAt),
      gte(serviceAgreements.endsOn, today),
      lte(serviceAgreements.endsOn, until),
      notExists(
        db.select({ id: renewal.id }).from(renewal)
          .where(and(eq(renewal.renewsId, serviceAgreements.id), isNotNull(renewal.signedAt))),
      ),
    )).limit(500);
  for (const a of due) {
    await db.transaction(async (tx) => {
      const [stamped] = await tx.update(serviceAgreements).set({ renewalRemindedAt: now })
        .where(and(eq(serviceAgreements.id, a.id), isNull(serviceAgreements.renewalRemindedAt)))
        .returning({ id: serviceAgreements.id });
      if (!stamped) return;
      await notifyRoles(tx, [...renewalStaffRoles], {
        at: now,
        companyId: a.companyId,
        type: "other",
        title: "Пора продлить договор обслуживания",
        message: `№ ${a.number} до ${formatDate(a.endsOn)} — ${a.address}`,
        relatedObjectId: a.objectId,
      });
      await enqueueClientMessage(tx, {
        companyId: a.companyId,
        objectId: a.objectId,
        event: "service_renewal_due",
        recipient: a.email,
        key: `renewal:${a.id}`,
        facts: {
          clientName: a.clientName,
          address: a.address,
          contractNumber: a.number,
          when: formatDate(a.endsOn),
          link: `${origin.replace(/\/$/, "")}/profile`,
        },
        origin,
        now,
      });
    });
  }
  return due.length;
}

/** Who is told that an agreement is due for renewal: those who sell and renew plans. */
const renewalStaffRoles = ["company_admin", "manager"] as const;

/** The day after 'YYYY-MM-DD' (Date.UTC carries the month and year over). */
function dayAfter(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The last day of a year from `startsOn`: 2026-05-10 → 2027-05-09 (Date.UTC carries the day over). */
function yearLater(startsOn: string): string {
  const [y, m, d] = startsOn.split("-").map(Number);
  return new Date(Date.UTC(y + 1, m - 1, d - 1)).toISOString().slice(0, 10);
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** One agreement of the scope, or null. */
export async function getAgreement(db: Executor, scope: Scope, id: number): Promise<ServiceAgreement | null> {
  const [row] = await db.select().from(serviceAgreements)
    .where(and(eq(serviceAgreements.id, id), companyOf(serviceAgreements.companyId, scope)));
  return row ?? null;
}

/** Sends a draft to the client: the client's link shows it to sign. False when it is not a draft of the scope. */
export async function sendAgreement(db: Db, scope: Scope, id: number): Promise<ServiceAgreement | null> {
  const [row] = await db.update(serviceAgreements).set({ status: "sent" })
    .where(and(
      eq(serviceAgreements.id, id),
      companyOf(serviceAgreements.companyId, scope),
      inArray(serviceAgreements.status, ["draft", "sent"]),
    )).returning();
  return row ?? null;
}

/** The client signs a sent agreement of the link's object. "missing" for another object's or a draft,
 * "signed" when it was signed already (a signed agreement never changes). */
export async function signAgreementByLink(
  db: Db,
  link: { companyId: number; objectId: number },
  id: number,
  s: { signerName: string; signatureImage: string; ip: string | null; userAgent: string | null; at: Date },
): Promise<ServiceAgreement | "missing" | "signed"> {
  return await db.transaction(async (tx) => {
    const [row] = await tx.select().from(serviceAgreements).where(and(
      eq(serviceAgreements.id, id),
      eq(serviceAgreements.objectId, link.objectId),
      eq(serviceAgreements.companyId, link.companyId),
    ));
    if (!row || row.status === "draft") return "missing";
    if (row.status !== "sent") return "signed";
    const [signed] = await tx.update(serviceAgreements).set({
      status: "signed",
      signerName: s.signerName,
      signatureImage: s.signatureImage,
      signedIp: s.ip,
      signedUserAgent: s.userAgent,
      signedAt: s.at,
    }).where(and(eq(serviceAgreements.id, id), eq(serviceAgreements.status, "sent"))).returning();
    if (!signed) return "signed";
    // A signed agreement's visits of the next 12 months are planned at once, in the signature's transaction.
    await scheduleAgreementVisits(tx, signed, { userId: null, now: s.at });
    return signed;
  });
}

/** The sent and signed agreements and the equipment of the link's object: what the client's page shows. */
export async function linkService(db: Db, link: { companyId: number; objectId: number }) {
  const [agreements, equipment, paid] = await Promise.all([
    db.select().from(serviceAgreements).where(and(
      eq(serviceAgreements.objectId, link.objectId),
      eq(serviceAgreements.companyId, link.companyId),
      ne(serviceAgreements.status, "draft"),
    )).orderBy(desc(serviceAgreements.id)),
    db.select().from(installedEquipment).where(and(
      eq(installedEquipment.objectId, link.objectId),
      eq(installedEquipment.companyId, link.companyId),
    )).orderBy(asc(installedEquipment.id)),
    db.select().from(payments).where(and(
      eq(payments.objectId, link.objectId),
      eq(payments.companyId, link.companyId),
      eq(payments.kind, "service"),
    )).orderBy(desc(payments.id)),
  ]);
  return {
    agreements: agreements.map((a) => ({
      ...a,
      payments: paid.filter((p) => p.serviceAgreementId === a.id),
    })),
    equipment,
  };
}

/** A piece of equipment of the scope with its object's address and coordinates: what its documents print. */
export async function equipmentDocument(db: Db, scope: Scope, id: number) {
  const [row] = await db.select({
    equipment: installedEquipment,
    address: objects.address,
    clientName: objects.clientName,
    latitude: objects.latitude,
    longitude: objects.longitude,
  }).from(installedEquipment).innerJoin(objects, eq(objects.id, installedEquipment.objectId))
    .where(and(eq(installedEquipment.id, id), companyOf(installedEquipment.companyId, scope)));
  if (!row) return null;
  const company = await companyRequisites(db, row.equipment.companyId);
  const model = row.equipment.modelCode ? findModel(row.equipment.modelCode) : undefined;
  return { ...row, company, needs: model ? serviceNeedsOf(model) : null };
}

/** A plan as offered after an installation: its terms and the price of the station's size band. */
export interface OfferedPlan {
  id: number;
  name: string;
  visitsPerYear: number;
  priorityCallout: boolean;
  partsDiscountPercent: number;
  perYear: number;
  perVisit: number;
}

/**
 * The plans offered for the station a finished job installed: once the works are finished (the act made or
 * the works closed) and the station is recorded from them, while it has no live agreement (draft, sent, signed).
 * Each plan on sale priced for the station's size band. Null when there is nothing to offer.
 */
export async function serviceOffer(db: Executor, companyId: number, objectId: number) {
  const [object] = await db.select({ finished: objects.worksFinishedAt }).from(objects)
    .where(and(eq(objects.id, objectId), eq(objects.companyId, companyId)));
  if (!object?.finished) return null;
  // The newest station the works installed (source «act») with no live agreement on it.
  const [station] = await db.select().from(installedEquipment).where(and(
    eq(installedEquipment.objectId, objectId),
    eq(installedEquipment.kind, "station"),
    eq(installedEquipment.source, "act"),
    notExists(
      db.select({ id: serviceAgreements.id }).from(serviceAgreements).where(and(
        eq(serviceAgreements.equipmentId, installedEquipment.id),
        ne(serviceAgreements.status, "ended"),
      )),
    ),
  )).orderBy(desc(installedEquipment.id)).limit(1);
  if (!station) return null;
  const band = sizeBandOf(findModel(station.modelCode)?.users);
  const plans = await db.select().from(servicePlans)
    .where(and(eq(servicePlans.companyId, companyId), eq(servicePlans.archived, false)))
    .orderBy(asc(servicePlans.id));
  if (plans.length === 0) return null;
  return {
    station: { id: station.id, label: equipmentLabel(station) },
    band,
    plans: plans.map((p): OfferedPlan => ({
      id: p.id,
      name: p.name,
      visitsPerYear: p.visitsPerYear,
      priorityCallout: p.priorityCallout,
      partsDiscountPercent: p.partsDiscountPercent,
      perYear: p.prices[band].perYear,
      perVisit: p.prices[band].perVisit,
    })),
  };
}

/**
 * The client asks for a plan from the link: a draft agreement prefilled (the offered station, the plan, from
 * today, paid by the year) for staff to check and send, and a notification to those who sell plans, in one
 * transaction. "closed" when there is no offer any more (an agreement exists), "plan" for a plan not offered.
 */
export async function requestServicePlan(
  db: Db,
  link: { companyId: number; objectId: number },
  planId: number,
  now: Date,
): Promise<{ agreement: ServiceAgreement } | { problem: "closed" | "plan" | "requisites" }> {
  const offer = await serviceOffer(db, link.companyId, link.objectId);
  if (!offer) return { problem: "closed" };
  if (!offer.plans.some((p) => p.id === planId)) return { problem: "plan" };
  const object = await scopedObject(db, scopeOf(link.companyId), link.objectId);
  const company = await companyRequisites(db, link.companyId);
  if (!object || !company) return { problem: "requisites" };
  const [plan] = await db.select().from(servicePlans).where(eq(servicePlans.id, planId));
  const [equipment] = await db.select().from(installedEquipment)
    .where(eq(installedEquipment.id, offer.station.id));
  return await db.transaction(async (tx) => {
    // The offer is read again inside the transaction: two taps write one draft.
    if (!await serviceOffer(tx, link.companyId, link.objectId)) return { problem: "closed" as const };
    const agreement = await writeAgreement(tx, {
      object,
      plan,
      equipment,
      company,
      band: offer.band,
      startsOn: moscowDate(now),
      payMode: "year",
      status: "draft",
      renewsId: null,
    }, { id: null, now });
    await notifyRoles(tx, [...planSellerRoles], {
      at: now,
      companyId: link.companyId,
      type: "other",
      title: `Клиент просит план обслуживания «${plan.name}»`,
      message:
        `${object.address}: черновик договора № ${agreement.number} готов, проверьте и отправьте клиенту`,
      relatedObjectId: link.objectId,
    });
    await recordActivity(tx, {
      at: now,
      companyId: link.companyId,
      userId: null,
      type: "document",
      title: `Клиент запросил план обслуживания «${plan.name}»: черновик № ${agreement.number}`,
      status: "pending",
      objectId: link.objectId,
    });
    return { agreement };
  });
}

/** Who is told of a client's request for a plan: those who sell plans in the office. */
const planSellerRoles = ["company_admin", "chief_engineer", "manager"] as const;
