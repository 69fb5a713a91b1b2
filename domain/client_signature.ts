// What a client sends through the link to sign a document (the contract, the act, a supplementary agreement)
// or to refuse it: one schema each, the document's own words in the consent and refusal messages; and where a
// document the client signs or refuses stands.
import * as z from "zod/mini";
import { signatureProblems } from "./contract_text.ts";

/**
 * The client signs by typing the full name and drawing the signature (the rules: signatureProblems);
 * `agreeMessage` is what an unticked consent is told.
 */
export function clientSignatureSchema(agreeMessage: string) {
  return z.object({
    fullName: z.string("Введите фамилию, имя и отчество"),
    signature: z.string("Нарисуйте подпись"),
    agree: z.boolean(agreeMessage),
  }).check(z.superRefine((value, ctx) => {
    for (const [field, message] of Object.entries(signatureProblems(value))) {
      ctx.addIssue({
        code: "custom",
        message: field === "agree" ? agreeMessage : message,
        path: [field],
        input: value,
      });
    }
  }));
}

/** Why the client does not sign `what` («акт», «соглашение»), and optionally who says so. */
export function clientRefusalSchema(what: string) {
  const why = `Напишите, почему вы не подписываете ${what}`;
  return z.object({
    comment: z.string(why).check(
      z.trim(),
      z.minLength(3, `${why} (не короче 3 символов)`),
      z.maxLength(2000, "Не длиннее 2000 символов"),
    ),
    name: z.optional(z.string().check(z.trim(), z.maxLength(255, "Не более 255 символов"))),
  });
}

/** Where a document sent to the client for signature stands (an act, a supplementary agreement). */
export type SignatureState = "awaiting" | "signed" | "refused";

/** Signed once the client signed it, refused once the client refused it, else awaiting the client. */
export function signatureState(
  doc: { signedAt: Date | string | null; refusedAt: Date | string | null },
): SignatureState {
  return doc.signedAt ? "signed" : doc.refusedAt ? "refused" : "awaiting";
}
