// The client's answer to a document sent through the link (an act, a supplementary agreement): signed or
// refused, once. One shape for both tables: the update's condition is that the document awaits an answer, so
// a race between a signature and a refusal leaves one answer; then the activity, what follows (the status,
// the changes' money) and the staff's notification, all in the answer's transaction.
import { and, type AnyColumn, eq, isNull } from "drizzle-orm";
import type { Db, Executor } from "./client.ts";
import { objects } from "./schema/mod.ts";
import { notifyRoles, recordActivity } from "./notifications.ts";
import type { Role } from "../domain/roles.ts";

/** The columns of a document the client answers. */
export interface AnswerColumns {
  id: AnyColumn;
  companyId: AnyColumn;
  signedAt: AnyColumn;
  refusedAt: AnyColumn;
}

/** What a signature through the link stores, the same on every document. */
export interface LinkSignature {
  signerName: string;
  signatureImage: string;
  ip: string | null;
  userAgent: string | null;
  now: Date;
}

/** The columns a signature sets (the update's values). */
export const signatureValues = (s: LinkSignature, linkId: number) => ({
  signerName: s.signerName,
  signatureImage: s.signatureImage,
  ip: s.ip,
  userAgent: s.userAgent,
  signedAt: s.now,
  linkId,
});

/** The document of the company, neither signed nor refused: the condition of both answers' updates. */
export function awaitsAnswer(table: AnswerColumns, id: number, companyId: number) {
  return and(
    eq(table.id, id),
    eq(table.companyId, companyId),
    isNull(table.signedAt),
    isNull(table.refusedAt),
  );
}

/**
 * Runs `answer` (the conditional update, returning the rows it changed) and, when it changed one, records the
 * activity, runs `then` and notifies `roles`; false when the document was answered already.
 */
export async function recordClientAnswer<R>(
  db: Db,
  link: { companyId: number; objectId: number },
  a: {
    /** When the client answered, by the app's clock. */
    at: Date;
    answer: (tx: Executor) => Promise<R[]>;
    activity: (row: R) => string;
    then?: (tx: Executor) => Promise<unknown>;
    notify: { roles: Role[]; title: string; message: (row: R, address: string) => string };
  },
): Promise<boolean> {
  return await db.transaction(async (tx) => {
    const [row] = await a.answer(tx);
    if (row === undefined) return false;
    await recordActivity(tx, {
      at: a.at,
      companyId: link.companyId,
      type: "document",
      title: a.activity(row),
      objectId: link.objectId,
    });
    await a.then?.(tx);
    const [object] = await tx.select({ address: objects.address }).from(objects)
      .where(eq(objects.id, link.objectId));
    await notifyRoles(tx, a.notify.roles, {
      at: a.at,
      companyId: link.companyId,
      type: "other",
      title: a.notify.title,
      message: a.notify.message(row, object?.address ?? ""),
      relatedObjectId: link.objectId,
    });
    return true;
  });
}
