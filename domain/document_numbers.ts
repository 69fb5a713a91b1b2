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

/**
 * The year and sequence of a number of the kind's series («С-2026-0017» → 2026, 17), or null for a number
 * of another shape (a number a person typed in their own way).
 */
export function parseDocumentNumber(
  kind: DocumentNumberKind,
  label: string,
): { year: number; seq: number } | null {
  const m = /^(.+)-(\d{4})-(\d{4,9})$/.exec(label.trim());
  if (!m || m[1] !== documentNumberPrefixes[kind]) return null;
  return { year: Number(m[2]), seq: Number(m[3]) };
}
