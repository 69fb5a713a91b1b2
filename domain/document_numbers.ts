// Numbers a person can say: each kind of document is numbered per company per year in
// sequence, «С-2026-0017». db/document_numbers.ts allocates them inside the document's own transaction.

/** The kinds of numbered documents and the letters their numbers start with. */
export const documentNumberPrefixes = {
  estimate: "С",
  contract: "Д",
  invoice: "СЧ",
  act: "А",
  agreement: "ДС",
  ks: "КС",
  order: "З",
} as const;
export type DocumentNumberKind = keyof typeof documentNumberPrefixes;
export const documentNumberKinds = Object.keys(documentNumberPrefixes) as DocumentNumberKind[];

/** «С-2026-0017»: the kind's letters, the year, the sequence with at least four digits. */
export function documentNumber(kind: DocumentNumberKind, year: number, seq: number): string {
  return `${documentNumberPrefixes[kind]}-${year}-${String(seq).padStart(4, "0")}`;
}
