/**
 * The shape every work type other than the septic station shares: its measurement fields (descriptors with
 * defaults and bounds), the form sections the phone renders, the missing-items check and the pricing rules.
 * Light on purpose (no zod, no price list): the measurement form runs this very code in the browser.
 *
 * Field names carry the work type's prefix (`well_`, `ws_`, `dr_`, `sw_`), so the fields of several work
 * types live side by side in one flat `measurements` object, next to the septic fields.
 *
 * @module
 */

import type { BoolSpec, EnumSpec, FieldSpec, FormField, FormSection, NumberSpec } from "../fields.ts";
import type { MissingItem } from "../missing.ts";
import type { RuleLine, RuleResult } from "../rule_line.ts";
import { formatQuantity, roundQuantity } from "../money.ts";
import { type Excavation, frozenGroundLine, type SeasonFields, winterNote } from "../winter.ts";

/** The kinds of estimate the engine prices: the septic station and the four work types of this folder. */
export type WorkKind = "septic" | "well" | "water_supply" | "drainage" | "sewage";

/** A work type's measurements, every field present with its default applied. */
export type KindValues = Record<string, number | boolean | string>;

/** What a work type's rule reads. */
export interface KindContext {
  /** The work type's own measurements (defaults applied). */
  v: KindValues;
  /** Every measurement of the document, parsed (another work type's fields too: the well reads the water pipe). */
  all: Readonly<Record<string, unknown>>;
  /** The kinds the document prices together. */
  kinds: readonly WorkKind[];
  /** Distance of the object from МКАД, km, when known. */
  distanceFromMKAD?: number;
  /** Whether the price list in use has the article (absent: the default list, which has them all). */
  hasArticle?: (code: string) => boolean;
  /** Whether the works are winter works (`isWinter` of `winter.ts`: the season field or the estimate's date). */
  winter?: boolean;
}

/** One pricing rule of a work type. */
export interface KindRule {
  /** Stable id, used by tests and docs. */
  id: string;
  /** What the rule does, in Russian. */
  title: string;
  /** The lines, warnings and notes; `undefined` when the rule does not apply. */
  apply(ctx: KindContext): RuleResult | undefined;
}

/** A work type: fields, form sections, missing items and rules. */
export interface WorkTypeModule {
  /** The kind. */
  kind: Exclude<WorkKind, "septic">;
  /** Russian title of the estimate part («Скважина», «Водопровод» …). */
  title: string;
  /** Field descriptors, in form order. */
  specs: Readonly<Record<string, FieldSpec>>;
  /** The form sections (labels, units, options, reveal flags). */
  sections: readonly FormSection[];
  /** The missing items of these measurements (empty: the estimate can be generated). */
  missing(v: KindValues): MissingItem[];
  /** The pricing rules, applied in order. */
  rules: readonly KindRule[];
  /** A short description of the priced work for the estimate's template name. */
  summary(v: KindValues): string;
}

/** Field descriptors: decimal and whole numbers from 0 to `max`, checkboxes, selects (empty allowed when `def` is). */
export const spec = {
  dec: (def: number, max: number): NumberSpec => ({ kind: "dec", def, min: 0, max }),
  int: (def: number, max: number): NumberSpec => ({ kind: "int", def, min: 0, max }),
  bool: (def: boolean): BoolSpec => ({ kind: "bool", def }),
  oneOf<const V extends string>(values: readonly V[], def: V | ""): EnumSpec<V | ""> {
    return def === "" ? { kind: "enum", def, values, allowEmpty: true } : { kind: "enum", def, values };
  },
};

/** What a form field may add: the reveal flag, the article, `required`, a unit for a select. */
type FieldExtra = Pick<FormField, "revealedBy" | "code" | "required" | "unit">;

/**
 * Form fields built from their descriptors, so the form's default and bounds are the validator's.
 *
 * @example
 * ```ts
 * import { formField, spec } from "./types.ts";
 * const f = formField.number("ws_depth", spec.dec(1.8, 3), "Глубина", "м", 0.1);
 * if (f.default !== 1.8 || f.max !== 3 || f.kind !== "decimal") throw new Error(JSON.stringify(f));
 * ```
 */
export const formField = {
  /** A number input; `extra` adds the reveal flag, the article, `required`. */
  number: (
    name: string,
    s: NumberSpec,
    label: string,
    unit: string,
    step: number,
    extra: FieldExtra = {},
  ): FormField => ({
    name,
    label,
    kind: s.kind === "int" ? "integer" : "decimal",
    unit,
    default: s.def,
    min: s.min,
    max: s.max,
    step,
    ...extra,
  }),
  check: (name: string, s: BoolSpec, label: string, code?: string): FormField => ({
    name,
    label,
    kind: "boolean",
    default: s.def,
    ...(code ? { code } : {}),
  }),
  select: <V extends string>(
    name: string,
    s: EnumSpec,
    labels: Readonly<Record<V, string>>,
    label: string,
    extra: FieldExtra = {},
  ): FormField => ({ name, label, kind: "select", default: s.def, options: options(labels), ...extra }),
  section: (id: string, title: string, fields: FormField[]): FormSection => ({ id, title, fields }),
};

/**
 * A rule's line of a price-list article; the quantity rounded to 0.01. (Two literals rather than a spread of
 * `{ detail }`: no temporary object for each line of every estimate.)
 */
export const line = (code: string, quantity: number, isRequired: boolean, detail?: string): RuleLine =>
  detail
    ? { code, quantity: roundQuantity(quantity), isRequired, detail }
    : { code, quantity: roundQuantity(quantity), isRequired };

/**
 * The winter rule every work type shares: in winter, the frozen-ground surcharge А103 on the
 * frozen layer of the work type's excavations (`frozenGroundLine` of `winter.ts`, the helper the station's
 * pit and trenches use too).
 *
 * @example
 * ```ts
 * import { winterRule } from "./types.ts";
 * import { trench } from "../winter.ts";
 * const rule = winterRule((v) => [trench("траншея", v.len as number, 1.8)]);
 * const ctx = { v: { len: 10 }, all: {}, kinds: ["water_supply" as const] };
 * // 10 m × 0.5 m × 0.7 m = 3.5 m³
 * if (rule.apply({ ...ctx, winter: true })?.lines?.[0].quantity !== 3.5) throw new Error("winter");
 * if (rule.apply({ ...ctx, winter: false }) !== undefined) throw new Error("summer");
 * ```
 */
export function winterRule(excavations: (v: KindValues) => Excavation[]): KindRule {
  return {
    id: "winter",
    title:
      "Зимние работы (по дате сметы: декабрь–март, или по выбору замерщика): мёрзлый слой траншей и котлованов",
    apply: ({ v, all, winter }) => {
      if (!winter) return;
      const frozen = frozenGroundLine(excavations(v));
      return frozen ? { lines: [frozen], notes: [winterNote(all as SeasonFields)] } : undefined;
    },
  };
}

/**
 * The trench of a run of pipe: the shallow article up to `shallowMax` m deep, else the deep one.
 *
 * @example
 * ```ts
 * import { trenchLine } from "./types.ts";
 * const l = trenchLine(12, 2, 1.8, ["А195", "А196"]);
 * if (l.code !== "А196" || l.quantity !== 12 || l.detail !== "глубина 2 м") throw new Error(JSON.stringify(l));
 * ```
 */
export function trenchLine(
  length: number,
  depth: number,
  shallowMax: number,
  [shallow, deep]: readonly [string, string],
): RuleLine {
  return line(depth > shallowMax ? deep : shallow, length, true, `глубина ${formatQuantity(depth)} м`);
}

/**
 * A work type's measurements from the document's flat measurements: each of its fields as given (already
 * parsed by the validator or read leniently by the form), else its default.
 *
 * @example
 * ```ts
 * import { kindValues, spec } from "./types.ts";
 * const v = kindValues({ ws_length: spec.dec(0, 500), ws_depth: spec.dec(1.8, 3) }, { ws_length: 25 });
 * if (v.ws_length !== 25 || v.ws_depth !== 1.8) throw new Error("values");
 * ```
 */
export function kindValues(
  specs: Readonly<Record<string, FieldSpec>>,
  m: Readonly<Record<string, unknown>>,
): KindValues {
  const out: KindValues = {};
  for (const [name, spec] of Object.entries(specs)) {
    const raw = m[name];
    if (spec.kind === "pass") continue;
    const ok = spec.kind === "bool"
      ? typeof raw === "boolean"
      : spec.kind === "int" || spec.kind === "dec"
      ? typeof raw === "number" && Number.isFinite(raw)
      : typeof raw === "string";
    out[name] = ok ? raw as number | boolean | string : spec.def;
  }
  return out;
}

/** Options of a select from its values and their Russian labels. */
export function options<V extends string>(
  labels: Readonly<Record<V, string>>,
): { value: V; label: string }[] {
  return (Object.keys(labels) as V[]).map((value) => ({ value, label: labels[value] }));
}
