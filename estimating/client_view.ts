/**
 * What the client sees of an estimate — the one definition used by the client's link page, the client's
 * Excel file, the print page and (through the section totals) the contract: each line's section, name, unit,
 * quantity, price per unit and total; the totals, the discount and VAT; the notes meant for the client and the
 * «Примечание для клиента». Never the article codes or model ids, the materials/works split (the materials
 * part is the dealer price of the equipment), the internal note or the surveyor's notes.
 *
 * @module
 */

import { isInternalNote } from "./notes.ts";

/** One line as the client sees it. */
export interface ClientLine {
  /** The section the line belongs to. */
  section: string;
  /** What is supplied or done. */
  name: string;
  /** Unit of measure. */
  unit: string;
  /** Quantity in that unit. */
  quantity: number;
  /** Price per unit, kopecks. */
  pricePerUnit: number;
  /** Line total, kopecks. */
  totalPrice: number;
}

/** The client's estimate: lines, totals and notes, nothing internal. */
export interface ClientEstimate {
  /** The estimate's number. */
  estimateNumber: string;
  /** The kind of works, as a title. */
  templateName: string | null;
  /** The lines in their order. */
  lines: ClientLine[];
  /** Each section's total in the order of the lines. */
  sections: { section: string; amount: number }[];
  /** Sum of the lines, kopecks. */
  itemsTotal: number;
  /** The discount taken before VAT, with its label («Скидка 5 %»); null without one. */
  discount: { label: string; amount: number } | null;
  /** `none`, or the VAT rate in percent as text. */
  vatMode: string;
  /** VAT, kopecks. */
  vatAmount: number;
  /** What the client pays, kopecks. */
  totalAmount: number;
  /** The notes for the client, the «Примечание для клиента» last. */
  notes: string[];
}

/** An article code (`А086`, Cyrillic or Latin A) or a catalogue model id (`id topas-10`) inside a text. */
const internalCode = /(^|[^\p{L}\d])[АA]\d{3}(?![\d])|\bid [a-z][a-z0-9]*(?:-[a-z0-9]+)+/u;

/**
 * The notes a client reads: the estimate's notes without the company's own (surveyor's notes, price-list
 * codes, anything naming an article code or a model id), then the note written for the client.
 *
 * @example
 * ```ts
 * import { clientNotes } from "./client_view.ts";
 * const notes = clientNotes(
 *   ["Гарантия 1 год.", "Примечание замерщика: яблоня", "Подходит модель Топас 8 (id topas-8)."],
 *   "Работы в субботу",
 * );
 * if (notes.join("|") !== "Гарантия 1 год.|Работы в субботу") throw new Error(notes.join("|"));
 * ```
 */
export function clientNotes(notes: readonly string[], clientNote?: string | null): string[] {
  const out = notes.filter((note) => !isInternalNote(note) && !internalCode.test(note));
  if (clientNote?.trim()) out.push(clientNote.trim());
  return out;
}

/**
 * The client's fields of each line, and nothing else (no article code, no materials or works part).
 *
 * @example
 * ```ts
 * import { clientLines } from "./client_view.ts";
 * const [line] = clientLines([{
 *   section: "Оборудование", articleCode: "topas-6", name: "Станция Топас 6", unit: "шт", quantity: 1,
 *   pricePerUnit: 20_000_000, equipmentCost: 15_750_000, workCost: 4_250_000, totalPrice: 20_000_000,
 * }]);
 * if ("articleCode" in line || "equipmentCost" in line) throw new Error("internal field");
 * ```
 */
export function clientLines<T extends ClientLine>(items: readonly T[]): ClientLine[] {
  return items.map(({ section, name, unit, quantity, pricePerUnit, totalPrice }) => ({
    section,
    name,
    unit,
    quantity,
    pricePerUnit,
    totalPrice,
  }));
}

/**
 * The client's view of a stored or generated estimate.
 *
 * @example
 * ```ts
 * import { clientEstimate } from "./client_view.ts";
 * const view = clientEstimate({
 *   estimateNumber: "СМ-1", templateName: null, vatMode: "none", vatAmount: 0, totalAmount: 150_000,
 *   notes: ["Примечание замерщика: собака"], clientNote: "Позвонить за час",
 *   items: [
 *     { section: "Работы", articleCode: "А002", name: "Траншея", unit: "м", quantity: 1, pricePerUnit: 100_000,
 *       totalPrice: 100_000 },
 *     { section: "Работы", articleCode: "А003", name: "Засыпка", unit: "м", quantity: 1, pricePerUnit: 50_000,
 *       totalPrice: 50_000 },
 *   ],
 * });
 * if (view.sections[0].amount !== 150_000 || view.notes.join() !== "Позвонить за час") throw new Error("view");
 * ```
 */
export function clientEstimate<T extends ClientLine>(e: {
  estimateNumber: string;
  templateName: string | null;
  items: readonly T[];
  vatMode: string;
  vatAmount: number;
  totalAmount: number;
  discount?: { label: string; amount: number } | null;
  notes: readonly string[];
  clientNote?: string | null;
}): ClientEstimate {
  const lines = clientLines(e.items);
  const sections: ClientEstimate["sections"] = [];
  for (const line of lines) {
    const last = sections[sections.length - 1];
    if (last?.section === line.section) last.amount += line.totalPrice;
    else sections.push({ section: line.section, amount: line.totalPrice });
  }
  return {
    estimateNumber: e.estimateNumber,
    templateName: e.templateName,
    lines,
    sections,
    itemsTotal: lines.reduce((sum, line) => sum + line.totalPrice, 0),
    discount: e.discount?.amount ? e.discount : null,
    vatMode: e.vatMode,
    vatAmount: e.vatAmount,
    totalAmount: e.totalAmount,
    notes: clientNotes(e.notes, e.clientNote),
  };
}
