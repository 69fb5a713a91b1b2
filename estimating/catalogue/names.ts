/**
 * The manufacturer groups of the estimating spec's «Septic-unit catalogue» and the lookup of a model by id or
 * display name. Light: no catalogue data, so the measurement form can use them (the form's model list comes
 * from the server). The field descriptors use `brandIds`, so the labels stay out of the form's bundle.
 *
 * @module
 */

import type { BrandId } from "./types.ts";

/** The manufacturer-group ids in display order. */
export const brandIds = [
  "topas",
  "topas_c",
  "biodeka",
  "optima",
  "genesis",
  "eurolos",
  "eurobion",
  "biodevice",
  "topol",
  "akvalos",
  "sparta",
  "unilos",
] as const satisfies readonly BrandId[];

const brandLabels: Record<BrandId, string> = {
  topas: "Топас",
  topas_c: "Топас-С",
  biodeka: "Биодека",
  optima: "Оптима",
  genesis: "Генезис",
  eurolos: "Евролос",
  eurobion: "Евробион",
  biodevice: "Биодевайс",
  topol: "Тополь",
  akvalos: "Аквалос",
  sparta: "Спарта",
  unilos: "Юнилос",
};

/**
 * The manufacturer groups in display order: id and Russian label.
 *
 * @example
 * ```ts
 * import { brands } from "./names.ts";
 * if (brands.length !== 12 || brands[0].label !== "Топас") throw new Error("brands");
 * ```
 */
export const brands: readonly { id: BrandId; label: string }[] = /* @__PURE__ */ brandIds.map((id) => ({
  id,
  label: brandLabels[id],
}));

/**
 * A model name in the form the lookup compares: trimmed, lower case, `ё` as `е`, spaces and underscores as
 * one space, no spaces around hyphens.
 *
 * @example
 * ```ts
 * import { normalizeModelName } from "./names.ts";
 * if (normalizeModelName(" Топас  5 - Лонг ") !== "топас 5-лонг") throw new Error("normalize");
 * ```
 */
export function normalizeModelName(s: string): string {
  return s.trim().toLowerCase().replaceAll("ё", "е").replace(/[\s_]+/g, " ").replace(/\s*-\s*/g, "-");
}

/**
 * A lookup of a model by its id (`topas-5`, any case) or its display name (`Топас 5`, as
 * {@link normalizeModelName} compares it); `undefined` for an empty or unknown value. The catalogue's
 * `findModel` is this lookup over the whole catalogue; the measurement form builds it over the models the
 * server sends.
 *
 * @example
 * ```ts
 * import { modelLookup } from "./names.ts";
 * const find = modelLookup([{ id: "topas-5", name: "Топас 5" }], (m) => m.name);
 * if (find("Топас 5")?.id !== "topas-5" || find("TOPAS-5")?.id !== "topas-5") throw new Error("lookup");
 * if (find("С1") !== undefined || find("") !== undefined) throw new Error("unknown");
 * ```
 */
export function modelLookup<T extends { id: string }>(
  models: readonly T[],
  nameOf: (model: T) => string,
): (idOrName: string | undefined | null) => T | undefined {
  const byId = new Map(models.map((m) => [m.id, m]));
  const byName = new Map(models.map((m) => [normalizeModelName(nameOf(m)), m]));
  return (idOrName) => {
    if (!idOrName) return undefined;
    return byId.get(idOrName) ?? byId.get(idOrName.trim().toLowerCase()) ??
      byName.get(normalizeModelName(idOrName));
  };
}
