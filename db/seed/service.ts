// The demo's service: the typical plans, stations installed on several objects (one by the act of
// the finished works, others entered by hand), a well with its passport data, and service agreements — one paid
// for the year, one paid per visit, one sent to the client to sign, one ended last year and renewed.
// The visits of the agreements are seeded by the visits' own seed (svc-visits).
import { eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { installedEquipment, objects, payments, serviceAgreements, servicePlans } from "../schema/mod.ts";
import { defaultPriceList, findModel } from "../../estimating/mod.ts";
import { defaultServicePlans, sizeBandOf } from "../../estimating/service.ts";
import {
  agreementTerms,
  serviceAgreementNumber,
  serviceContractText,
  servicePaymentPurpose,
} from "../../domain/service_forms.ts";
import { type CompanyRequisites, gostPaymentString } from "../../domain/payment_qr.ts";
import { moscowDate } from "../../domain/dates.ts";
import { sha256Hex } from "../../domain/hash.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const DAY = 86_400_000;

/** Seeds the demo company's service; `by` is the manager who sold the plans. */
export async function seedService(
  tx: Tx,
  p: { companyId: number; company: CompanyRequisites; now: Date; by: number },
): Promise<void> {
  const day = (days: number) => moscowDate(new Date(p.now.getTime() + days * DAY));
  const plans = await tx.insert(servicePlans).values(
    defaultServicePlans(defaultPriceList).map((plan) => ({ ...plan, companyId: p.companyId })),
  ).returning();
  const [standard, premium] = plans;
  const sites = await tx.select({
    id: objects.id,
    address: objects.address,
    clientName: objects.clientName,
    workType: objects.workType,
    status: objects.status,
  }).from(objects).where(eq(objects.companyId, p.companyId)).orderBy(objects.id);
  const stationSites = sites.filter((s) =>
    (s.workType === "septic" || s.workType === "autonomous_sewage") && s.status !== "cancelled"
  ).slice(0, 3);
  const wellSite = sites.find((s) => s.workType === "well_drilling");

  const stations = await tx.insert(installedEquipment).values(stationSites.map((s, i) => {
    const model = findModel(["topas-5", "topas-8", "unilos-astra-5"][i]) ?? findModel("topas-5")!;
    return {
      companyId: p.companyId,
      objectId: s.id,
      kind: "station" as const,
      modelCode: model.id,
      modelName: model.model,
      serialNumber: `${model.id.toUpperCase()}-24${String(317 + i * 41).padStart(4, "0")}`,
      installedOn: day(-400 + i * 60),
      source: "manual" as const,
      createdBy: p.by,
    };
  })).returning();
  if (wellSite) {
    await tx.insert(installedEquipment).values({
      companyId: p.companyId,
      objectId: wellSite.id,
      kind: "well",
      modelName: "Скважина на известняк",
      installedOn: day(-30),
      source: "act",
      depthM: 62.5,
      casing: "Сталь 133 мм 0–40 м + НПВХ 117 мм 38–62,5 м",
      staticLevelM: 18,
      dynamicLevelM: 24.5,
      flowRateM3h: 2.4,
      pump: "Grundfos SQ 2-70 на глубине 40 м",
      createdBy: p.by,
    });
  }

  const site = (objectId: number) => sites.find((s) => s.id === objectId)!;
  // Numbered per year, as createAgreement() numbers the next one.
  const sequence = new Map<number, number>();
  const sell = async (
    station: typeof stations[number],
    plan: typeof standard,
    a: {
      startsOn: string;
      endsOn: string;
      payMode: "year" | "visit";
      status: "sent" | "signed" | "ended";
      renewsId?: number;
    },
  ) => {
    const band = sizeBandOf(findModel(station.modelCode)?.users);
    const price = plan.prices[band];
    const startYear = Number(a.startsOn.slice(0, 4));
    sequence.set(startYear, (sequence.get(startYear) ?? 0) + 1);
    const number = serviceAgreementNumber(startYear, sequence.get(startYear)!);
    const { clientName, address } = site(station.objectId);
    const terms = agreementTerms(plan);
    const contractText = serviceContractText({
      ...terms,
      number,
      date: new Date(`${a.startsOn}T09:00:00Z`),
      company: p.company,
      clientName: clientName ?? "Заказчик",
      objectAddress: address,
      equipment: `${station.modelName}, заводской № ${station.serialNumber}`,
      startsOn: a.startsOn,
      endsOn: a.endsOn,
      payMode: a.payMode,
      pricePerYear: price.perYear,
      pricePerVisit: price.perVisit,
    });
    const signedAt = a.status === "sent" ? null : new Date(`${a.startsOn}T10:00:00Z`);
    const [row] = await tx.insert(serviceAgreements).values({
      ...terms,
      companyId: p.companyId,
      objectId: station.objectId,
      equipmentId: station.id,
      planId: plan.id,
      renewsId: a.renewsId ?? null,
      number,
      sizeBand: band,
      startsOn: a.startsOn,
      endsOn: a.endsOn,
      payMode: a.payMode,
      pricePerYear: price.perYear,
      pricePerVisit: price.perVisit,
      status: a.status,
      contractText,
      textSha256: sha256Hex(contractText),
      signerName: signedAt ? clientName : null,
      signatureImage: null,
      signedAt,
      endedAt: a.status === "ended" ? new Date(`${a.endsOn}T21:00:00Z`) : null,
      endReason: a.status === "ended" ? "renewed" : null,
      createdBy: p.by,
      createdAt: signedAt ?? p.now,
    }).returning();
    return row;
  };
  const pay = async (a: typeof serviceAgreements.$inferSelect, receivedAt: Date | null) => {
    const amount = a.payMode === "year" ? a.pricePerYear : a.pricePerVisit;
    const purpose = servicePaymentPurpose(a.number, a.payMode);
    await tx.insert(payments).values({
      kind: "service",
      companyId: p.companyId,
      objectId: a.objectId,
      serviceAgreementId: a.id,
      amount,
      description: purpose,
      paymentLink: "",
      qrPayload: gostPaymentString(p.company, { sum: amount, purpose }),
      status: receivedAt ? "paid" : "pending",
      receivedAmount: receivedAt ? amount : null,
      receivedAt,
      receivedBy: receivedAt ? p.by : null,
      createdAt: receivedAt ?? p.now,
    });
  };

  const [first, second, third] = stations;
  if (first) {
    // Ended last year, renewed on the Премиум plan, paid for the year.
    const old = await sell(first, standard, {
      startsOn: day(-400),
      endsOn: day(-36),
      payMode: "year",
      status: "ended",
    });
    await pay(old, new Date(p.now.getTime() - 398 * DAY));
    const renewal = await sell(first, premium, {
      startsOn: day(-35),
      endsOn: day(329),
      payMode: "year",
      status: "signed",
      renewsId: old.id,
    });
    await pay(renewal, new Date(p.now.getTime() - 33 * DAY));
  }
  if (second) {
    const perVisit = await sell(second, standard, {
      startsOn: day(-200),
      endsOn: day(164),
      payMode: "visit",
      status: "signed",
    });
    await pay(perVisit, new Date(p.now.getTime() - 20 * DAY));
    await pay(perVisit, null);
  }
  if (third) {
    await sell(third, standard, { startsOn: day(7), endsOn: day(371), payMode: "year", status: "sent" });
  }
}
