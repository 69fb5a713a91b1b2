// The estimate editor's changes: one change applied in one write transaction with its log, and the log.
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { estimateChanges, estimateItems, estimates, users } from "./schema/mod.ts";
import {
  type Discount,
  estimateTotals,
  isVatNote,
  materialsPerUnit,
  priceLine,
  vatModes,
  vatNote,
} from "../estimating/mod.ts";
import { type Scope } from "./scope.ts";
import { preparedQuery } from "./prepared.ts";
import { lineWithinBound, MAX_ESTIMATE_TOTAL_KOPECKS } from "../domain/bounds.ts";
import { discountOf, type EstimateDetail, getEstimate, vatColumns } from "./estimates.ts";

/** A change of the editor as the database applies it (a price-list item already looked up). Money in kopecks. */
export type ResolvedEdit =
  | { action: "update_item"; itemId: number; quantity?: number; pricePerUnit?: number; name?: string }
  | {
    action: "add_line";
    line: {
      section: string;
      articleCode: string | null;
      name: string;
      unit: string;
      quantity: number;
      pricePerUnit: number;
      materialsPerUnit: number;
    };
  }
  | { action: "remove_item"; itemId: number }
  | {
    action: "set_terms";
    vatMode?: EstimateDetail["vatMode"];
    /** Percent in hundredths of a percent, sum in kopecks; null removes the discount. */
    discount?: Discount | null;
    clientNote?: string | null;
    internalNote?: string | null;
  };

export type EditOutcome =
  | { ok: true; totalDelta: number; summary: string }
  | {
    ok: false;
    reason: "not_found" | "item_not_found" | "locked" | "unchanged" | "line_too_large" | "total_too_large";
  };

/** Thrown inside the edit's transaction so that nothing of an edit past the bounds is written. */
class PastBounds extends Error {}

const qty = (q: number) => String(q).replace(".", ",");
const rubText = (k: number) => `${(k / 100).toLocaleString("ru-RU", { minimumFractionDigits: 2 })} ₽`;

/**
 * Applies one editor change to an estimate of the scope in one write transaction: the line is priced
 * by the engine's rule, the totals recomputed by the engine's estimateTotals, the VAT note follows the
 * VAT mode, and the change is logged (who, when, what, by how much the total moved). An approved
 * estimate is refused (locked).
 */
export async function applyEstimateEdit(
  db: Db,
  scope: Scope,
  id: number,
  edit: ResolvedEdit,
  by: { id: number; now: Date },
): Promise<EditOutcome> {
  return await db.transaction(async (tx): Promise<EditOutcome> => {
    const e = await getEstimate(tx, scope, id);
    if (edit.action === "add_line" && !lineWithinBound(edit.line.quantity, edit.line.pricePerUnit)) {
      return { ok: false, reason: "line_too_large" };
    }
    if (!e) return { ok: false, reason: "not_found" };
    if (e.status === "approved") return { ok: false, reason: "locked" };
    const terms = {
      vatMode: e.vatMode,
      discount: discountOf(e.discountKind, e.discountValue),
      clientNote: e.clientNote,
      internalNote: e.internalNote,
    };
    let summary: string;
    if (edit.action === "update_item" || edit.action === "remove_item") {
      const item = e.items.find((i) => i.id === edit.itemId);
      if (!item) return { ok: false, reason: "item_not_found" };
      if (edit.action === "remove_item") {
        await tx.delete(estimateItems).where(eq(estimateItems.id, item.id));
        summary = `Удалена позиция «${item.name}» (${rubText(item.totalPrice)})`;
      } else {
        const quantity = edit.quantity ?? item.quantity;
        const pricePerUnit = edit.pricePerUnit ?? item.pricePerUnit;
        if (!lineWithinBound(quantity, pricePerUnit)) return { ok: false, reason: "line_too_large" };
        const line = priceLine({ quantity, pricePerUnit, materialsPerUnit: materialsPerUnit(item) });
        const name = edit.name ?? item.name;
        const parts: string[] = [];
        if (line.quantity !== item.quantity) {
          parts.push(`количество ${qty(item.quantity)} → ${qty(line.quantity)} ${item.unit}`);
        }
        if (pricePerUnit !== item.pricePerUnit) {
          parts.push(`цена ${rubText(item.pricePerUnit)} → ${rubText(pricePerUnit)}`);
        }
        if (name !== item.name) parts.push(`название → «${name}»`);
        if (parts.length === 0) return { ok: false, reason: "unchanged" };
        await tx.update(estimateItems).set({ ...line, pricePerUnit, name }).where(
          eq(estimateItems.id, item.id),
        );
        summary = `«${item.name}»: ${parts.join(", ")}`;
      }
    } else if (edit.action === "add_line") {
      const l = edit.line;
      const priced = priceLine(l);
      const sameSection = e.items.filter((i) => i.section === l.section);
      const last = e.items.length ? Math.max(...e.items.map((i) => i.position)) : -1;
      const position = sameSection.length ? Math.max(...sameSection.map((i) => i.position)) + 1 : last + 1;
      // Room after the section's last line, so the new line is printed within its section.
      await tx.update(estimateItems).set({ position: sql`${estimateItems.position} + 1` })
        .where(and(eq(estimateItems.estimateId, e.id), sql`${estimateItems.position} >= ${position}`));
      await tx.insert(estimateItems).values({
        estimateId: e.id,
        position,
        section: l.section,
        articleCode: l.articleCode,
        name: l.name,
        unit: l.unit,
        pricePerUnit: l.pricePerUnit,
        ...priced,
        isRequired: true,
      });
      summary = `Добавлена позиция «${l.name}»: ${qty(priced.quantity)} ${l.unit} × ${
        rubText(l.pricePerUnit)
      }`;
    } else {
      const parts: string[] = [];
      if (edit.vatMode !== undefined && edit.vatMode !== terms.vatMode) {
        terms.vatMode = edit.vatMode;
        parts.push(`НДС: ${vatModes.find((v) => v.value === edit.vatMode)?.label ?? edit.vatMode}`);
      }
      if (edit.discount !== undefined && JSON.stringify(edit.discount) !== JSON.stringify(terms.discount)) {
        terms.discount = edit.discount && edit.discount.value > 0 ? edit.discount : null;
        parts.push(
          !terms.discount
            ? "скидка снята"
            : terms.discount.kind === "percent"
            ? `скидка ${qty(terms.discount.value / 100)} %`
            : `скидка ${rubText(terms.discount.value)}`,
        );
      }
      for (const key of ["clientNote", "internalNote"] as const) {
        const value = edit[key] === undefined ? undefined : edit[key] || null;
        if (value !== undefined && value !== terms[key]) {
          terms[key] = value;
          parts.push(key === "clientNote" ? "примечание для клиента" : "внутреннее примечание");
        }
      }
      if (parts.length === 0) return { ok: false, reason: "unchanged" };
      summary = `Условия: ${parts.join(", ")}`;
    }
    const items = await tx.select().from(estimateItems).where(eq(estimateItems.estimateId, e.id))
      .orderBy(estimateItems.position, estimateItems.id);
    const totals = estimateTotals(items, { vatMode: terms.vatMode, discount: terms.discount });
    if (totals.totalAmount > MAX_ESTIMATE_TOTAL_KOPECKS) throw new PastBounds();
    const totalDelta = totals.totalAmount - e.totalAmount;
    await tx.update(estimates).set({
      sections: totals.sections,
      ...vatColumns(terms.vatMode),
      vatAmount: totals.vat.amount,
      discountKind: terms.discount?.kind ?? null,
      discountValue: terms.discount?.value ?? 0,
      discountAmount: totals.discountAmount,
      totalAmount: totals.totalAmount,
      clientNote: terms.clientNote,
      internalNote: terms.internalNote,
      notes: e.notes.map((n) => isVatNote(n) ? vatNote(totals.vat) : n),
      updatedAt: by.now,
    }).where(eq(estimates.id, e.id));
    await tx.insert(estimateChanges).values({
      estimateId: e.id,
      companyId: e.companyId,
      userId: by.id,
      summary,
      totalDelta,
      createdAt: by.now,
    });
    return { ok: true, totalDelta, summary };
  }).catch((error) => {
    if (error instanceof PastBounds) return { ok: false, reason: "total_too_large" } as const;
    throw error;
  });
}

/** The change log of an estimate of the scope, newest first, with the author's name. */
export async function listEstimateChanges(db: Db, scope: Scope, estimateId: number, limit = 200) {
  return await preparedQuery(
    db,
    "estimateChanges.list",
    { estimateId, companyId: scope ?? undefined, limit },
    (p) =>
      db.select({
        id: estimateChanges.id,
        summary: estimateChanges.summary,
        totalDelta: estimateChanges.totalDelta,
        createdAt: estimateChanges.createdAt,
        userFirstName: users.firstName,
        userLastName: users.lastName,
      }).from(estimateChanges).leftJoin(users, eq(users.id, estimateChanges.userId))
        .where(and(
          eq(estimateChanges.estimateId, p.estimateId),
          p.companyId && eq(estimateChanges.companyId, p.companyId),
        ))
        .orderBy(desc(estimateChanges.createdAt), desc(estimateChanges.id)).limit(p.limit),
  ).all();
}
