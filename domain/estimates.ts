// Estimate edit schemas: the editor's actions on lines, discount, VAT and notes, shared by the
// server (enforced) and the editor island (hints). The status rules are in estimate_status.ts, free of zod,
// so the status buttons do not load it.
import * as z from "zod/mini";
import { vatModes } from "../estimating/enums.ts";
import { isRecordId, LINE_TOO_LARGE, lineWithinBound, MAX_AMOUNT_KOPECKS, MAX_QUANTITY } from "./bounds.ts";

const itemId = z.number({ error: "Укажите позицию" }).check(z.refine(isRecordId, "Укажите позицию"));
const quantity = z.number({ error: "Количество — число" }).check(
  z.gte(0, "Количество не меньше 0"),
  z.lte(MAX_QUANTITY, "Слишком большое количество"),
);
const kopecks = z.number({ error: "Цена — число" }).check(
  z.int("Цена — в копейках, целое число"),
  z.gte(0, "Цена не меньше 0"),
  z.lte(MAX_AMOUNT_KOPECKS, "Цена не больше 1 млрд ₽"),
);

/** A line whose quantity × price would pass one amount's bound is refused on its price (domain/bounds.ts). */
const boundedLine = z.superRefine((line: { quantity?: number; pricePerUnit?: number }, ctx) => {
  if (line.quantity === undefined || line.pricePerUnit === undefined) return;
  if (!lineWithinBound(line.quantity, line.pricePerUnit)) {
    ctx.addIssue({
      code: "custom",
      message: LINE_TOO_LARGE,
      path: ["pricePerUnit"],
      input: line.pricePerUnit,
    });
  }
});
const lineName = z.string({ error: "Укажите наименование" }).check(
  z.trim(),
  z.minLength(1, "Укажите наименование"),
  z.maxLength(500, "Не более 500 символов"),
);
const note = z.nullish(z.string().check(z.trim(), z.maxLength(2000, "Не более 2000 символов")));

/** A discount as posted: percent (0–100, two decimals) or a sum in kopecks. */
export const discountSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("percent"),
    value: z.number({ error: "Скидка — число" }).check(
      z.gte(0, "Скидка не меньше 0 %"),
      z.lte(100, "Скидка не больше 100 %"),
    ),
  }),
  z.object({ kind: z.literal("sum"), value: kopecks }),
]);

/** One change of an estimate in the editor (POST /api/estimates/:id/edits). Money in kopecks. */
export const estimateEditSchema = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("update_item"),
    itemId,
    quantity: z.optional(quantity),
    pricePerUnit: z.optional(kopecks),
    name: z.optional(lineName),
  }).check(boundedLine),
  z.object({
    action: z.literal("add_item"),
    code: z.string({ error: "Выберите позицию прайс-листа" }).check(
      z.trim(),
      z.minLength(1, "Выберите позицию прайс-листа"),
      z.maxLength(50),
    ),
    quantity,
  }),
  z.object({
    action: z.literal("add_free_item"),
    name: lineName,
    unit: z.string({ error: "Укажите единицу" }).check(
      z.trim(),
      z.minLength(1, "Укажите единицу"),
      z.maxLength(20, "Не более 20 символов"),
    ),
    section: z.optional(z.string().check(z.trim(), z.maxLength(100, "Не более 100 символов"))),
    quantity,
    pricePerUnit: kopecks,
  }).check(boundedLine),
  z.object({ action: z.literal("remove_item"), itemId }),
  z.object({
    action: z.literal("set_terms"),
    vatMode: z.optional(
      z.enum(vatModes.map((v) => v.value), { error: "НДС: без НДС, 5, 7 или 22 % сверху или в т.ч." }),
    ),
    discount: z.nullish(discountSchema),
    clientNote: note,
    internalNote: note,
  }),
], { error: "Неизвестное изменение сметы" });

export type EstimateEdit = z.infer<typeof estimateEditSchema>;
