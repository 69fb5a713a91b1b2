/**
 * The manufacturer groups of spec/3 §9.1 and the lookup of a model by id or display name. Light: no
 * catalogue data, so the measurement form can use them (the form's model list comes from the server).
 *
 * @module
 */

import type { BrandId } from "./types.ts";

/**
 * The manufacturer groups in display order: id and Russian label.
 *
 * @example
 * ```ts
 * import { brands } from "./names.ts";
 * if (brands.length !== 11 || brands[0].label !== "Топас") throw new Error("brands");
 * ```
 */
export const brands: readonly { id: BrandId; label: string }[] = [
  { id: "topas", label: "Топас" },
  { id: "topas_c", label: "Топас-С" },
  { id: "biodeka", label: "Биодека" },
  { id: "optima", label: "Оптима" },
  { id: "genesis", label: "Генезис" },
  { id: "eurolos", label: "Евролос" },
  { id: "eurobion", label: "Евробион" },
  { id: "biodevice", label: "Биодевайс" },
  { id: "topol", label: "Тополь" },
  { id: "akvalos", label: "Аквалос" },
  { id: "sparta", label: "Спарта" },
];

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
