// The contract payloads of the estimating spec's «Entities and their fields», «Validation rules» and «Calls»
// with their Russian messages (zod/mini): the wizard's client data, the generate and payment calls, the
// signature, a company's template. The text itself is in contract_text.ts, re-exported here for the server.
import * as z from "zod/mini";
import { clientSignatureSchema } from "./client_signature.ts";
import { clientKinds, workTypes } from "./enums.ts";
import { calendarDate, isRecordId, MAX_AMOUNT_KOPECKS } from "./bounds.ts";
import { prepaymentPercents, templateProblem } from "./contract_text.ts";

export * from "./contract_text.ts";

const text = (message: string, min = 1, max = 500) =>
  z.string({ error: message }).check(
    z.trim(),
    z.minLength(min, message),
    z.maxLength(max, `Не более ${max} символов`),
  );
const optionalText = (max = 255) =>
  z._default(z.string().check(z.trim(), z.maxLength(max, `Не более ${max} символов`)), "");

/** A Russian passport: series (4 digits) and number (6 digits), with whoever issued it typed after. */
export const PASSPORT_MESSAGE = "Укажите серию и номер паспорта: 4 и 6 цифр, например 4510 123456";
const passport = text("Паспортные данные обязательны", 1, 500).check(
  z.refine((v) => /(^|\D)\d{2}\s?\d{2}\s?(№\s?)?\d{6}(\D|$)/.test(v), PASSPORT_MESSAGE),
);

/**
 * The wizard's client data (the estimating spec's «Entities and their fields» contractData); the generate
 * button and the server check the same. A person's passport is required; an organisation's contract carries
 * its requisites from the object instead (CLIENT_KIND names which; the server takes it from the object).
 */
export const contractDataSchema = z.object({
  CLIENT_KIND: z._default(z.enum(clientKinds, "Выберите: частное лицо или организация"), "person"),
  CLIENT_NAME: text("ФИО клиента обязательно", 3, 255),
  CLIENT_PHONE: optionalText(50),
  CLIENT_PASSPORT: optionalText(500),
  CLIENT_ADDRESS: text("Адрес регистрации клиента обязателен", 5, 500),
  /** Empty: the server gives the object's contract number, or the company's next «Д-2026-0001». A typed
   * number continues a company's own numbering. */
  CONTRACT_NUMBER: optionalText(50).check(
    z.refine(
      (v) => v === "" || /^[0-9A-Za-zА-Яа-яЁё/_.-]+$/.test(v),
      "Номер договора: буквы, цифры, «-», «/», «.» без пробелов",
    ),
  ),
  PREPAYMENT_PERCENT: z.pipe(
    z.transform((v: unknown) => typeof v === "string" ? Number(v) : v),
    z.union(prepaymentPercents.map((p) => z.literal(p)), "Предоплата: 20, 30 или 50 %"),
  ),
  OBJECT_ADDRESS: text("Адрес объекта обязателен", 3, 500),
  CITY: optionalText(100),
}).check(z.superRefine((data, ctx) => {
  const problem = passportProblem(data.CLIENT_KIND, data.CLIENT_PASSPORT);
  if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["CLIENT_PASSPORT"], input: data });
}));

/** A person's contract needs the passport (series and number); an organisation's does not. */
export function passportProblem(kind: typeof clientKinds[number], value: string): string | null {
  if (kind === "organisation") return null;
  const r = passport.safeParse(value);
  return r.success ? null : r.error.issues[0].message;
}
export type ContractData = z.infer<typeof contractDataSchema>;

const id = (message: string) => z.number(message).check(z.refine(isRecordId, message));

/**
 * POST /api/contracts/generate (the estimating spec's «Calls»). estimateData names the estimate; its items
 * are read on the server.
 */
export const contractGenerateSchema = z.object({
  templateId: z.enum(
    workTypes.map((w) => `${w}_contract`) as [string, ...string[]],
    "Неизвестный шаблон договора",
  ),
  contractData: contractDataSchema,
  objectId: id("Выберите объект"),
  estimateData: z.optional(z.nullable(z.object({ id: z.optional(id("Неверная смета")) }))),
});
export type ContractGenerateInput = z.infer<typeof contractGenerateSchema>;

/**
 * POST /api/payment/generate (the estimating spec's «Calls»): amount in kopecks; the link shows the items or
 * only section totals.
 */
export const paymentGenerateSchema = z.object({
  amount: z.number("Сумма предоплаты обязательна").check(
    z.int("Сумма предоплаты — целое число копеек"),
    z.positive("Сумма предоплаты должна быть больше нуля"),
    z.lte(MAX_AMOUNT_KOPECKS, "Сумма не больше 1 млрд ₽"),
  ),
  description: text("Назначение платежа обязательно", 1, 210),
  objectId: id("Выберите объект"),
  contractId: z.optional(id("Неверный договор")),
  showItems: z._default(z.boolean("Выберите, показывать ли позиции сметы"), true),
});
export type PaymentGenerateInput = z.infer<typeof paymentGenerateSchema>;

/** Staff mark the prepayment received: amount in kopecks and the day it came. */
export const paymentReceivedSchema = z.object({
  amount: z.number("Сумма обязательна").check(
    z.int("Сумма — целое число копеек"),
    z.positive("Сумма должна быть больше нуля"),
    z.lte(MAX_AMOUNT_KOPECKS, "Сумма не больше 1 млрд ₽"),
  ),
  receivedOn: calendarDate("Дата в формате ГГГГ-ММ-ДД"),
});

/** The client signs by typing the full name and drawing the signature (the rules: signatureProblems). */
export const contractSignSchema = clientSignatureSchema("Подтвердите согласие с условиями договора");

/** PUT /api/contracts/templates/:workType: the company's own text; an unknown placeholder is refused. */
export const contractTemplateSchema = z.object({
  body: z.string("Введите текст шаблона").check(
    z.trim(),
    z.superRefine((body, ctx) => {
      const problem = templateProblem(body);
      if (problem) ctx.addIssue({ code: "custom", message: problem, input: body });
    }),
  ),
});
