// The act of completed works (definitions in domain/acts.ts): the lines it lists, made when the works are
// finished, signed or refused by the client through the link. Staff functions take the company scope;
// link functions find their company through the link. A signed or refused version is never updated.
import { and, desc, eq, max, ne } from "drizzle-orm";
import type { Db, Executor } from "./client.ts";
import { type Scope, scopeOf } from "./scope.ts";
import { clientLinks, companies, completionActs, objects, payments } from "./schema/mod.ts";
import { refreshJobState } from "./job_status.ts";
import { notifyChiefEngineers, recordActivity } from "./notifications.ts";
import { enqueueClientMessage } from "./outbox.ts";
import { ledgerOf } from "../domain/ledger.ts";
import { sha256Hex } from "../domain/hash.ts";
import { ACT_TITLE, type ActContent, actText, actVersionNumber } from "../domain/acts.ts";
import { recordInstalledEquipment } from "./service.ts";
import { moscowDate } from "../domain/dates.ts";
import { allocateNumber } from "./document_numbers.ts";
import { completedWorkLines } from "./completed_works.ts";
import { awaitsAnswer, type LinkSignature, recordClientAnswer, signatureValues } from "./client_answers.ts";

/** The SHA-256 of the act's text, what a signature is given over. */
export const actSha256 = (content: ActContent) => sha256Hex(actText(content));

export type CompletionAct = typeof completionActs.$inferSelect;

/** Money received for the works of the object, as the ledger counts it (domain/ledger.ts, db/ledger.ts). */
async function receivedFor(db: Executor, objectId: number, total: number) {
  const rows = await db.select({
    kind: payments.kind,
    status: payments.status,
    amount: payments.amount,
    receivedAmount: payments.receivedAmount,
  }).from(payments).where(and(eq(payments.objectId, objectId), ne(payments.kind, "service")));
  return ledgerOf(total, rows);
}

/** The act's content as it would be issued now, or null without a contract. `number` gives the number it is
 * issued under, asked only when there is an act to make (a preview has none). */
export async function actContent(db: Executor, objectId: number, now: Date, number: () => Promise<string>) {
  const work = await completedWorkLines(db, objectId);
  if (!work) return null;
  const actNumber = await number();
  const [o] = await db.select({
    address: objects.address,
    clientName: objects.clientName,
    company: companies.name,
    inn: companies.inn,
    legalAddress: companies.legalAddress,
    director: companies.directorName,
  }).from(objects).innerJoin(companies, eq(companies.id, objects.companyId)).where(eq(objects.id, objectId));
  const ledger = await receivedFor(db, objectId, work.totalAmount);
  const content: ActContent = {
    actNumber,
    contractNumber: work.contract.contractNumber,
    contractDate: work.contract.createdAt.toISOString(),
    estimateNumber: work.estimate.estimateNumber,
    estimateVersion: work.estimate.version,
    date: now.toISOString(),
    contractor: { name: o.company, inn: o.inn, address: o.legalAddress, director: o.director },
    customer: work.contract.clientName ?? o.clientName ?? "Заказчик",
    address: o.address,
    lines: work.lines,
    itemsTotal: work.itemsTotal,
    discount: work.discount,
    vatMode: work.vatMode,
    vatAmount: work.vatAmount,
    totalAmount: work.totalAmount,
    receivedAmount: ledger.received,
    dueAmount: ledger.owed,
  };
  return { work, content };
}

/** The object's newest act version of the scope; null when none. */
export async function currentAct(
  db: Executor,
  scope: Scope,
  objectId: number,
): Promise<CompletionAct | null> {
  const [row] = await db.select().from(completionActs).where(and(
    eq(completionActs.objectId, objectId),
    scope === null ? undefined : eq(completionActs.companyId, scope),
  )).orderBy(desc(completionActs.version)).limit(1);
  return row ?? null;
}

/** Every act version of an object of the scope, newest first. */
export async function objectActs(db: Db, scope: Scope, objectId: number): Promise<CompletionAct[]> {
  return await db.select().from(completionActs).where(and(
    eq(completionActs.objectId, objectId),
    scope === null ? undefined : eq(completionActs.companyId, scope),
  )).orderBy(desc(completionActs.version));
}

/** One act version of the scope, or null. */
export async function getAct(db: Db, scope: Scope, id: number): Promise<CompletionAct | null> {
  const [row] = await db.select().from(completionActs).where(and(
    eq(completionActs.id, id),
    scope === null ? undefined : eq(completionActs.companyId, scope),
  ));
  return row ?? null;
}

export type MakeActResult =
  | { made: CompletionAct }
  | { refused: "missing" | "no_contract" | "not_started" | "finished" | "pending" | "signed" };

/**
 * Finishes the works (when they are under way) and makes the next version of the object's act from
 * completedWorkLines, with the client's link to sign it and the message «Акт готов к подписанию», in one
 * transaction; the status follows (db/job_status.ts). Refused while a version awaits the client's answer or
 * once one is signed; a refused version is followed by a new one.
 */
export async function finishWorksWithAct(
  db: Db,
  scope: Scope,
  objectId: number,
  link: { tokenHash: string; expiresAt: Date; url: string; origin: string },
  by: { id: number; now: Date },
): Promise<MakeActResult> {
  return await db.transaction(async (tx): Promise<MakeActResult> => {
    const [object] = await tx.select().from(objects)
      .where(and(eq(objects.id, objectId), scope === null ? undefined : eq(objects.companyId, scope)));
    if (!object) return { refused: "missing" };
    const last = await currentAct(tx, scope, objectId);
    if (last?.signedAt) return { refused: "signed" };
    if (last && !last.refusedAt) return { refused: "pending" };
    // A first act finishes works under way; after a refusal the next version is made for finished works.
    if (!last?.refusedAt && object.status !== "work_in_progress") {
      return { refused: object.worksFinishedAt ? "finished" : "not_started" };
    }
    const [v] = await tx.select({ v: max(completionActs.version) }).from(completionActs)
      .where(eq(completionActs.objectId, objectId));
    const version = (v?.v ?? 0) + 1;
    const made = await actContent(
      tx,
      objectId,
      by.now,
      async () =>
        last?.content
          ? actVersionNumber(last.content.actNumber, version)
          : await allocateNumber(tx, object.companyId, "act", by.now),
    );
    if (!made) return { refused: "no_contract" };
    const { work, content } = made;
    if (!object.worksFinishedAt) {
      await tx.update(objects).set({
        worksFinishedAt: by.now,
        statusOverride: null,
        statusOverrideReason: null,
        statusOverrideBy: null,
        statusOverrideAt: null,
      }).where(eq(objects.id, objectId));
      // What the works installed (the estimate's station, a well): the foreman adds its serial number after.
      await recordInstalledEquipment(tx, objectId, {
        companyId: object.companyId,
        byUserId: by.id,
        installedOn: moscowDate(by.now),
        workType: object.workType,
      });
    }
    const [newLink] = await tx.insert(clientLinks).values({
      companyId: object.companyId,
      objectId,
      estimateId: work.estimate.id,
      estimateVersion: work.estimate.version,
      contractId: work.contract.id,
      tokenHash: link.tokenHash,
      createdBy: by.id,
      createdAt: by.now,
      expiresAt: link.expiresAt,
    }).returning({ id: clientLinks.id });
    const [act] = await tx.insert(completionActs).values({
      companyId: object.companyId,
      objectId,
      contractId: work.contract.id,
      version,
      content,
      totalAmount: content.totalAmount,
      receivedAmount: content.receivedAmount,
      dueAmount: content.dueAmount,
      textSha256: actSha256(content),
      createdBy: by.id,
      createdAt: by.now,
      linkId: newLink.id,
    }).returning();
    await recordActivity(tx, {
      at: by.now,
      companyId: object.companyId,
      userId: by.id,
      type: "document",
      title: `${ACT_TITLE} № ${content.actNumber}: ${object.address}`,
      status: "completed",
      objectId,
    });
    await refreshJobState(tx, objectId, by.now, by.id);
    await notifyChiefEngineers(tx, {
      at: by.now,
      companyId: object.companyId,
      type: "other",
      title: "Работы завершены, акт отправлен клиенту",
      message: object.address,
      relatedObjectId: objectId,
    }, by.id);
    await enqueueClientMessage(tx, {
      companyId: object.companyId,
      objectId,
      event: "act_to_sign",
      recipient: object.clientEmail,
      key: `act:${act.id}`,
      facts: {
        clientName: content.customer,
        address: object.address,
        link: link.url,
        amount: content.dueAmount > 0 ? content.dueAmount : null,
        contractNumber: content.contractNumber,
      },
      origin: link.origin,
      now: by.now,
    });
    return { made: act };
  });
}

/** The newest act of the link's object, read through the link's company; null when none. */
export async function linkAct(db: Db, link: { companyId: number; objectId: number }) {
  return await currentAct(db, scopeOf(link.companyId), link.objectId);
}

/**
 * Stores the client's signature of an act version that awaits it; false when it is signed or refused
 * already (the update's condition keeps it so under a race). The status follows («Акт подписан»).
 */
export async function signActByLink(
  db: Db,
  link: { id: number; companyId: number; objectId: number },
  actId: number,
  s: LinkSignature,
): Promise<boolean> {
  return await recordClientAnswer(db, link, {
    at: s.now,
    answer: (tx) =>
      tx.update(completionActs).set(signatureValues(s, link.id)).where(
        awaitsAnswer(completionActs, actId, link.companyId),
      ).returning({
        content: completionActs.content,
        dueAmount: completionActs.dueAmount,
      }),
    activity: (row) => `Акт № ${row.content?.actNumber ?? ""} подписан клиентом (${s.signerName})`,
    then: (tx) => refreshJobState(tx, link.objectId, s.now),
    notify: {
      roles: ["chief_engineer", "manager"],
      title: "Клиент подписал акт выполненных работ",
      message: (row, address) =>
        `${address}${row.dueAmount > 0 ? " — можно выставить окончательный расчёт" : ""}`,
    },
  });
}

/**
 * The client refuses to sign an act version that awaits an answer, with a comment the staff see (chief
 * engineers, managers and foremen are notified); false when it is signed or refused already.
 */
export async function refuseActByLink(
  db: Db,
  link: { id: number; companyId: number; objectId: number },
  actId: number,
  r: { comment: string; name: string; now: Date },
): Promise<boolean> {
  return await recordClientAnswer(db, link, {
    at: r.now,
    answer: (tx) =>
      tx.update(completionActs).set({
        refusedAt: r.now,
        refusalComment: r.comment,
        refusedBy: r.name,
      }).where(awaitsAnswer(completionActs, actId, link.companyId)).returning({
        content: completionActs.content,
      }),
    activity: (row) => `Клиент не подписал акт № ${row.content?.actNumber ?? ""}: «${r.comment}»`,
    notify: {
      roles: ["chief_engineer", "manager", "foreman"],
      title: "Клиент отказался подписать акт",
      message: (_, address) => `${address}: «${r.comment}»`,
    },
  });
}
