// The demo's finished jobs: the whole path from the quote to the last rouble, walked through the
// same db/ functions the API calls, so every figure (contract, ledger, act, КС-2/КС-3) comes from one
// definition. A station job with one agreed change, paid in full, with its warranty card; a well job paid in
// full, with the foreman's drilling record for its passport; an organisation's job with its invoice, КС-2 and
// КС-3, the remainder owed. Each function opens its own transaction, so this runs after the seed's.
import { and, eq, gt, max } from "drizzle-orm";
import { encodeBase64url } from "@oslojs/encoding";
import { sha256Hex } from "../../domain/hash.ts";
import type { Db } from "../client.ts";
import { activities, clientLinks, installedEquipment, notifications } from "../schema/mod.ts";
import { scopeOf } from "../scope.ts";
import { createObject } from "../objects.ts";
import { storeGeneratedEstimate } from "../estimate_generation.ts";
import { approveEstimateByLink, sendEstimateToClient } from "../quotes.ts";
import {
  companyRequisites,
  contractClient,
  contractObject,
  estimateForContract,
  getContract,
  storeContractVersion,
} from "../contracts.ts";
import { contractTemplate } from "../contract_templates.ts";
import { createPaymentWithLink, markPaymentReceived } from "../payments.ts";
import { signContractByLink } from "../client_links.ts";
import { changeProjectStatus } from "../foreman.ts";
import { recordJobChange, sendAgreement, signAgreementByLink } from "../job_changes.ts";
import { finishWorksWithAct, signActByLink } from "../acts.ts";
import { objectLedger } from "../ledger.ts";
import { issueInvoice } from "../invoices.ts";
import { updateEquipment } from "../service.ts";
import { objectCreateSchema, type WorkType } from "../../domain/objects.ts";
import { directionFromCenter, distanceFromMKAD } from "../../domain/geo.ts";
import { moscowDate } from "../../domain/dates.ts";
import {
  CLIENT_LINK_DAYS,
  contractValues,
  defaultTemplate,
  paymentPurpose,
  prepaymentAmount,
  renderTemplate,
} from "../../domain/contract_text.ts";
import { gostPaymentString } from "../../domain/payment_qr.ts";
import { finalPaymentAmount, finalPaymentPurpose } from "../../domain/ledger.ts";
import type { EquipmentInput } from "../../domain/service_forms.ts";
import { generateEstimate } from "../../estimating/mod.ts";
import { demoSignature } from "./demo_files.ts";

const DAY = 86_400_000;
/** The demo's links print this origin until the install has its own (PUBLIC_URL). */
const ORIGIN = "http://localhost:8000";

/** The demo staff who act on the path, by e-mail → id. */
export type Staff = Record<string, number>;

/** The tokens of the client links that show each finished job as it ended (the seed prints them). */
export interface FinishedJobLinks {
  station: string;
  well: string;
  organisation: string;
}

interface Site {
  address: string;
  settlement: string;
  district: string;
  lat: number;
  lon: number;
}

/** A job and the day (relative to now, in days) of each event of its path. */
interface JobPlan {
  site: Site;
  client: Record<string, string>;
  workType: WorkType;
  description: string;
  estimatedCost: number;
  measurements: Record<string, unknown>;
  passport?: string;
  /** A line of the contract's estimate made longer by the foreman, agreed by a supplementary agreement. */
  change?: { line: RegExp; add: number; reason: string };
  /** What the foreman records on the installed equipment after the works (serial number, a well's data). */
  equipment: Omit<EquipmentInput, "kind" | "modelCode" | "modelName"> & { modelName?: string };
  /** The remainder asked by an invoice and left owed, or received. */
  invoice: boolean;
  finalPaid: boolean;
  day: { created: number; contract: number; started: number; finished: number; finalAsked: number };
}

const jobs: Record<keyof FinishedJobLinks, JobPlan> = {
  station: {
    site: {
      address: "Московская обл., Одинцовский г.о., г. Звенигород, ул. Маяковского, д. 18",
      settlement: "Звенигород",
      district: "Одинцовский",
      lat: 55.7297,
      lon: 36.8553,
    },
    client: { clientName: "Константин Егоров", clientPhone: "+7 916 404-12-77" },
    workType: "autonomous_sewage",
    description: "Дом 160 м², 6 человек, суглинок",
    estimatedCost: 330_000,
    measurements: {
      septic_model: "topas-8",
      residents_count: 6,
      soil_type: "loam",
      installation_depth: 2.4,
      inlet_pipe_length: 7,
      outlet_pipe_length: 12,
    },
    passport: "4609 512734, выдан ТП УФМС России по Московской обл. в Одинцовском р-не 22.05.2013",
    change: {
      line: /выпуск|отвод/i,
      add: 6,
      reason: "Выпуск перенесён к дренажной канаве по согласованию с соседом: трасса длиннее на 6 м",
    },
    equipment: { serialNumber: "TOPAS8-2610482" },
    invoice: false,
    finalPaid: true,
    day: { created: -44, contract: -40, started: -35, finished: -28, finalAsked: -27 },
  },
  well: {
    site: {
      address: "Московская обл., Дмитровский г.о., д. Ольгово, ул. Усадебная, д. 5",
      settlement: "Ольгово",
      district: "Дмитровский",
      lat: 56.2706,
      lon: 37.4508,
    },
    client: { clientName: "Людмила Фролова", clientPhone: "+7 903 212-90-45" },
    workType: "well_drilling",
    description: "Скважина на известняк для дома с баней",
    estimatedCost: 420_000,
    measurements: { well_type: "artesian", well_district: "dmitrov", well_depth: 65 },
    passport: "4615 208337, выдан ГУ МВД России по Московской обл. 03.09.2016",
    equipment: {
      modelName: "Скважина на известняк",
      depthM: 65,
      casing: "Сталь 133 мм 0–42 м + НПВХ 117 мм 40–65 м",
      staticLevelM: 21,
      dynamicLevelM: 27.5,
      flowRateM3h: 2.8,
      pump: "Grundfos SQ 3-65 на глубине 45 м",
    },
    invoice: false,
    finalPaid: true,
    day: { created: -38, contract: -34, started: -30, finished: -26, finalAsked: -25 },
  },
  organisation: {
    site: {
      address: "Московская обл., г.о. Истра, д. Лечищево, ул. Парковая, д. 3",
      settlement: "Лечищево",
      district: "Истринский",
      lat: 55.9317,
      lon: 36.9586,
    },
    // ИНН, ОГРН and the account with their check digits (domain/requisites.ts); the bank is Сбербанк's.
    client: {
      clientKind: "organisation",
      clientName: "ООО «Усадьба Лечищево»",
      clientPhone: "+7 495 640-18-20",
      clientInn: "5017123458",
      clientKpp: "501701001",
      clientOgrn: "1155017001237",
      clientLegalAddress: "143500, Московская обл., г. Истра, ул. Советская, д. 11, оф. 4",
      clientSigner: "Генеральный директор Захаров Михаил Андреевич",
      clientBankName: "ПАО Сбербанк",
      clientBankBik: "044525225",
      clientBankAccount: "40702810240000054321",
      clientBankCorAccount: "30101810400000000225",
    },
    workType: "autonomous_sewage",
    description: "Гостевой дом на 12 номеров, станция на 20 человек",
    estimatedCost: 620_000,
    measurements: {
      septic_model: "topas-20",
      residents_count: 20,
      soil_type: "sand",
      installation_depth: 2.2,
      inlet_pipe_length: 10,
      outlet_pipe_length: 8,
    },
    equipment: { serialNumber: "TOPAS20-2609117" },
    invoice: true,
    finalPaid: false,
    day: { created: -34, contract: -30, started: -24, finished: -17, finalAsked: -16 },
  },
};

/** A client link's token and the hash that is stored, as server/client_links.ts newToken() makes them. */
function newLink(at: Date) {
  const token = encodeBase64url(crypto.getRandomValues(new Uint8Array(32))).replace(/=+$/, "");
  return {
    token,
    tokenHash: sha256Hex(token),
    expiresAt: new Date(at.getTime() + CLIENT_LINK_DAYS * DAY),
    url: `${ORIGIN}/c/${token}`,
    origin: ORIGIN,
  };
}

/**
 * Runs one event of the past: the activity and notifications it records (which the database dates now) are
 * dated when it happened, and the notifications read, as the staff read them then.
 */
async function happened<T>(db: Db, at: Date, event: () => Promise<T>): Promise<T> {
  const [a] = await db.select({ id: max(activities.id) }).from(activities);
  const [n] = await db.select({ id: max(notifications.id) }).from(notifications);
  const result = await event();
  await db.update(activities).set({ createdAt: at }).where(gt(activities.id, a?.id ?? 0));
  await db.update(notifications).set({ createdAt: at, isRead: true }).where(gt(notifications.id, n?.id ?? 0));
  return result;
}

function must<T>(value: T | null | undefined | false, what: string): T {
  if (!value) throw new Error(`Demo seed: ${what}`);
  return value;
}

/** Walks one job from the new object to its final payment; answers the token of its last client link. */
async function walk(db: Db, companyId: number, staff: Staff, now: Date, plan: JobPlan): Promise<string> {
  const scope = scopeOf(companyId);
  const at = (days: number, hours = 0) => new Date(now.getTime() + days * DAY + hours * 3_600_000);
  const d = plan.day;
  const manager = staff["manager@demo.local"];
  const engineer = staff["engineer@demo.local"];
  const foreman = staff["foreman@demo.local"];
  const signature = await demoSignature();
  const clientName = plan.client.clientName;

  // The manager registers the object; the engineer prices the surveyor's measurements.
  const input = objectCreateSchema.parse({
    address: plan.site.address,
    settlement: plan.site.settlement,
    region: "Московская область",
    city: plan.site.settlement,
    district: plan.site.district,
    direction: directionFromCenter(plan.site.lat, plan.site.lon),
    distanceFromMKAD: distanceFromMKAD(plan.site.lat, plan.site.lon),
    latitude: plan.site.lat,
    longitude: plan.site.lon,
    coordinates: `${plan.site.lat}, ${plan.site.lon}`,
    ...plan.client,
    workType: plan.workType,
    estimatedCost: plan.estimatedCost,
    description: plan.description,
  });
  const object = await happened(
    db,
    at(d.created),
    () => createObject(db, { ...input, companyId }, { userId: manager, now: at(d.created) }),
  );
  const priced = at(d.created + 2);
  const document = {
    objectId: object.id,
    workType: plan.workType,
    object: {
      address: object.address,
      clientName,
      clientPhone: plan.client.clientPhone,
      distanceFromMKAD: object.distanceFromMKAD,
    },
    measurements: { ...plan.measurements, surveyor_id: staff["surveyor@demo.local"] },
  };
  const stored = await happened(db, priced, () =>
    storeGeneratedEstimate(db, {
      companyId,
      objectId: object.id,
      taskId: null,
      estimate: generateEstimate(document, { date: moscowDate(priced) }),
      measurementDocument: document,
      address: object.address,
    }, { id: engineer, now: priced }));

  // The quote sent to the client and approved through the link.
  const quoteSent = at(d.created + 2, 2);
  const quote = newLink(quoteSent);
  const { linkId } = await happened(db, quoteSent, () =>
    sendEstimateToClient(
      db,
      { ...stored, companyId, objectId: object.id },
      { ...quote, showItems: true },
      { id: engineer, now: quoteSent },
    ));
  const approved = at(d.created + 3);
  const [quoteLink] = await db.select().from(clientLinks).where(eq(clientLinks.id, linkId));
  await happened(
    db,
    approved,
    () =>
      approveEstimateByLink(db, { ...quoteLink, estimateId: stored.id, estimateVersion: stored.version }, {
        name: clientName,
        ip: null,
        userAgent: null,
        address: object.address,
        now: approved,
      }),
  );

  // The contract (numbered by the company's sequence), the prepayment's link, the client's signature.
  const made = at(d.contract);
  const site = must(await contractObject(db, scope, object.id), "the object");
  const estimate = must(await estimateForContract(db, scope, object.id, stored.id), "the estimate");
  const company = must(await companyRequisites(db, companyId), "the company");
  const template = await contractTemplate(db, companyId, plan.workType) ?? defaultTemplate;
  const data = {
    CLIENT_NAME: clientName,
    CLIENT_PHONE: plan.client.clientPhone,
    CLIENT_PASSPORT: plan.passport ?? "",
    CLIENT_ADDRESS: plan.client.clientLegalAddress ?? plan.site.address,
    CONTRACT_NUMBER: "",
    PREPAYMENT_PERCENT: 30 as const,
    OBJECT_ADDRESS: plan.site.address,
    CITY: "Москва",
    CLIENT_KIND: site.clientKind,
  };
  const row = must(
    await happened(db, made, () =>
      storeContractVersion(db, {
        companyId,
        objectId: object.id,
        estimateId: estimate.id,
        estimateVersion: estimate.version,
        templateId: `${plan.workType}_contract`,
        contractNumber: null,
        write: (contractNumber) => {
          const numbered = { ...data, CONTRACT_NUMBER: contractNumber };
          const contractText = renderTemplate(
            template,
            contractValues({
              workType: plan.workType,
              data: numbered,
              company,
              estimate,
              date: made,
              client: contractClient(site),
            }),
          );
          return {
            contractData: Object.fromEntries(Object.entries(numbered).map(([k, v]) => [k, String(v)])),
            contractText,
            textSha256: sha256Hex(contractText),
          };
        },
        prepaymentPercent: 30,
        totalAmount: estimate.totalAmount,
        prepaymentAmount: prepaymentAmount(estimate.totalAmount, 30),
      }, { id: engineer, now: made })),
    "the contract",
  );
  const prepay = newLink(made);
  const purpose = paymentPurpose(row.contractNumber, row.createdAt);
  const prepayment = await happened(db, made, () =>
    createPaymentWithLink(db, {
      companyId,
      objectId: object.id,
      contractId: row.id,
      estimateId: row.estimateId,
      estimateVersion: row.estimateVersion,
      amount: row.prepaymentAmount,
      description: purpose,
      qrPayload: gostPaymentString(company, { sum: row.prepaymentAmount, purpose }),
      showItems: true,
      tokenHash: prepay.tokenHash,
      paymentLink: `${ORIGIN}/c/…${prepay.token.slice(-4)}`,
      expiresAt: prepay.expiresAt,
    }, { id: engineer, now: made }));
  const signed = at(d.contract, 5);
  const [payLink] = await db.select().from(clientLinks).where(eq(clientLinks.id, prepayment.linkId));
  must(
    await happened(db, signed, () =>
      signContractByLink(db, payLink, {
        contractNumber: row.contractNumber,
        address: object.address,
        signerName: clientName,
        signatureImage: signature,
        ip: null,
        userAgent: null,
        textSha256: row.textSha256,
        now: signed,
      })),
    "the contract's signature",
  );
  await receive(db, scope, prepayment.payment.id, row.prepaymentAmount, at(d.contract + 1), manager);

  // The works: started by the foreman, a longer line agreed by the client, finished with the act.
  const started = at(d.started);
  must(
    typeof await happened(db, started, () =>
      changeProjectStatus(db, scope, object.id, {
        from: "approved",
        to: "work_in_progress",
        activity: "Работы начаты",
        userId: foreman,
        at: started,
      })) === "object",
    "the works' start",
  );
  if (plan.change) {
    const change = plan.change;
    const lineIndex = estimate.items.findIndex((item) => change.line.test(item.name));
    const line = must(estimate.items[lineIndex], `a line matching ${change.line}`);
    const recorded = at(d.started + 2);
    const done = await happened(db, recorded, () =>
      recordJobChange(db, scope, object.id, {
        kind: "qty",
        lineIndex,
        newQuantity: line.quantity + change.add,
        reason: change.reason,
        requiresConsent: true,
        photoIds: [],
      }, { id: foreman, now: recorded }));
    must("change" in done, "the job change");
    const asked = at(d.started + 2, 3);
    const agreementLink = newLink(asked);
    const sent = await happened(
      db,
      asked,
      () => sendAgreement(db, scope, object.id, agreementLink, { id: engineer, now: asked }),
    );
    const agreement = must("agreement" in sent && sent.agreement, "the agreement");
    const agreed = at(d.started + 3);
    must(
      await happened(
        db,
        agreed,
        () =>
          signAgreementByLink(db, { id: agreement.linkId!, companyId, objectId: object.id }, agreement.id, {
            signerName: clientName,
            signatureImage: signature,
            ip: null,
            userAgent: null,
            now: agreed,
          }),
      ),
      "the agreement's signature",
    );
  }
  const finished = at(d.finished);
  const actLink = newLink(finished);
  const result = await happened(
    db,
    finished,
    () => finishWorksWithAct(db, scope, object.id, actLink, { id: foreman, now: finished }),
  );
  const act = must("made" in result && result.made, "the act");
  const [installed] = await db.select().from(installedEquipment)
    .where(and(eq(installedEquipment.objectId, object.id), eq(installedEquipment.source, "act")));
  must(installed, "the installed equipment");
  await updateEquipment(db, scope, installed.id, {
    kind: installed.kind,
    modelCode: installed.modelCode,
    modelName: installed.modelName,
    installedOn: installed.installedOn,
    ...plan.equipment,
  });
  const actSigned = at(d.finished, 6);
  must(
    await happened(
      db,
      actSigned,
      () =>
        signActByLink(db, { id: act.linkId!, companyId, objectId: object.id }, act.id, {
          signerName: plan.client.clientSigner?.replace(/^Генеральный директор /, "") ?? clientName,
          signatureImage: signature,
          ip: null,
          userAgent: null,
          now: actSigned,
        }),
    ),
    "the act's signature",
  );

  // The remainder: invoiced to an organisation, asked with its QR, received or owed.
  const asked = at(d.finalAsked);
  if (plan.invoice) {
    must("invoice" in await issueInvoice(db, scope, object.id, { id: manager, now: asked }), "the invoice");
  }
  const money = must(await objectLedger(db, scope, object.id), "the ledger");
  const contract = must(await getContract(db, scope, row.id), "the contract");
  const amount = must(finalPaymentAmount(money.ledger), "a remainder");
  const finalPurpose = finalPaymentPurpose(contract.contractNumber, contract.createdAt);
  const final = newLink(asked);
  const request = await happened(db, asked, () =>
    createPaymentWithLink(db, {
      kind: "final",
      companyId,
      objectId: object.id,
      contractId: contract.id,
      estimateId: contract.estimateId,
      estimateVersion: contract.estimateVersion,
      amount,
      description: finalPurpose,
      qrPayload: gostPaymentString(company, { sum: amount, purpose: finalPurpose }),
      showItems: true,
      tokenHash: final.tokenHash,
      paymentLink: `${ORIGIN}/c/…${final.token.slice(-4)}`,
      expiresAt: final.expiresAt,
    }, { id: manager, now: asked }));
  if (!plan.finalPaid) return final.token;
  return await receive(db, scope, request.payment.id, amount, at(d.finalAsked + 2), manager);
}

/** Staff mark a payment received (the day's noon); answers the token of the link it makes. */
async function receive(
  db: Db,
  scope: ReturnType<typeof scopeOf>,
  paymentId: number,
  amount: number,
  at: Date,
  by: number,
): Promise<string> {
  const link = newLink(at);
  must(
    await happened(
      db,
      at,
      () =>
        markPaymentReceived(db, scope, paymentId, { amount, receivedAt: at, byUserId: by, now: at }, {
          tokenHash: link.tokenHash,
          expiresAt: link.expiresAt,
          message: (payment) => ({
            companyId: payment.companyId,
            objectId: payment.objectId,
            event: payment.kind === "final" ? "final_payment_received" : "prepayment_received",
            recipient: null,
            facts: { link: link.url, amount },
            origin: ORIGIN,
          }),
        }),
    ),
    "the payment's receipt",
  );
  return link.token;
}

/** Seeds the three finished jobs of the demo company; answers their client links' tokens. */
export async function seedFinishedJobs(
  db: Db,
  p: { companyId: number; staff: Staff; now: Date },
): Promise<FinishedJobLinks> {
  return {
    station: await walk(db, p.companyId, p.staff, p.now, jobs.station),
    well: await walk(db, p.companyId, p.staff, p.now, jobs.well),
    organisation: await walk(db, p.companyId, p.staff, p.now, jobs.organisation),
  };
}
