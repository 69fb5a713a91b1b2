/**
 * The work types the engine prices besides the septic station, and how a document's work types map to them.
 *
 * A document names its work type (`workType`, absent = autonomous sewage, as before) or several
 * (`workTypes`); each maps to a kind: the wells (`well_drilling`, `well_equipment`, `drilling`) to `well`,
 * `water_supply`, `drainage`, `sewage_system` to the external `sewage`, every other to the `septic` station
 * (as every document was priced before). A legacy document of `sewage_system` with a station model and no
 * `sw_` field stays a station estimate, so stored documents price as they did.
 *
 * Light: the measurement form imports this module too.
 *
 * @module
 */

import type { FieldProblem, FieldSpec, FormSection } from "../fields.ts";
import { readField } from "../fields.ts";
import { seasons } from "../enums.ts";
import type { MissingItem } from "../missing.ts";
import { drainage } from "./drainage.ts";
import { sewage } from "./sewage.ts";
import type { KindValues, WorkKind, WorkTypeModule } from "./types.ts";
import { kindValues } from "./types.ts";
import { waterSupply } from "./water_supply.ts";
import { well } from "./well.ts";

export type { KindContext, KindRule, KindValues, WorkKind, WorkTypeModule } from "./types.ts";
export { kindValues } from "./types.ts";
export { choosePump, wellPumps } from "./pumps.ts";
export type { WellPump } from "./pumps.ts";
export { districtGeology, districtValues } from "./geology.ts";
export { workSections } from "./sections.ts";

/** The work-type modules by kind. */
export const workTypeModules: Readonly<Record<Exclude<WorkKind, "septic">, WorkTypeModule>> = {
  well,
  water_supply: waterSupply,
  drainage,
  sewage,
};

/** Every kind in the order an estimate of several shows them. */
export const workKinds: readonly WorkKind[] = ["well", "water_supply", "sewage", "septic", "drainage"];

/** The Russian title of each kind. */
export const workKindTitles: Readonly<Record<WorkKind, string>> = {
  well: "Скважина",
  water_supply: "Водопровод",
  sewage: "Наружная канализация",
  septic: "Станция (септик)",
  drainage: "Дренаж",
};

/** The work-type code a kind is stored as in a document's `workTypes`. */
export const workTypeOfKind: Readonly<Record<WorkKind, string>> = {
  well: "well_equipment",
  water_supply: "water_supply",
  sewage: "sewage_system",
  septic: "autonomous_sewage",
  drainage: "drainage",
};

const titleKinds: [RegExp, WorkKind][] = [
  [/скважин|бурени/i, "well"],
  [/водопровод|водоснабж/i, "water_supply"],
  [/наружн\S* канализ|канализац\S* от дома|трасс/i, "sewage"],
  [/септик|станци|автономн|ЛОС/i, "septic"],
  [/дренаж|ливнев/i, "drainage"],
];

/**
 * The forms a task opens: the work types its title names («Обустройство скважины», «Водопровод и дренаж»),
 * else its object's work type; a task of an object without a priced work type opens none (`[]`), one
 * without any work type the station's form.
 *
 * @example
 * ```ts
 * import { kindsForTask } from "./mod.ts";
 * if (kindsForTask("Обустройство скважины", "autonomous_sewage").join() !== "well") throw new Error("title");
 * if (kindsForTask("Замер участка", "drainage").join() !== "drainage") throw new Error("object");
 * if (kindsForTask("Замер", "construction").length !== 0) throw new Error("none");
 * ```
 */
export function kindsForTask(title: string, objectWorkType: string | null): WorkKind[] {
  const named = new Set(titleKinds.filter(([re]) => re.test(title)).map(([, kind]) => kind));
  if (named.size > 0) return workKinds.filter((k) => named.has(k));
  if (objectWorkType === null) return ["septic"];
  // A sewage object has always opened the station's form; the surveyor ticks the external sewer when it applies.
  if (objectWorkType === "sewage_system") return ["septic"];
  const kind = kindOfWorkType(objectWorkType);
  const priced = kind !== "septic" || objectWorkType === "autonomous_sewage" || objectWorkType === "septic";
  return priced ? [kind] : [];
}

/** Descriptors of every field of the work types, by name. */
export const workFieldSpecs: Readonly<Record<string, FieldSpec>> = Object.assign(
  {},
  ...Object.values(workTypeModules).map((w) => w.specs),
);

/**
 * The kind that prices a work type.
 *
 * @example
 * ```ts
 * import { kindOfWorkType } from "./mod.ts";
 * if (kindOfWorkType("well_equipment") !== "well" || kindOfWorkType("septic") !== "septic") throw new Error("kind");
 * ```
 */
export function kindOfWorkType(workType: string): WorkKind {
  switch (workType) {
    case "well_drilling":
    case "well_equipment":
    case "drilling":
      return "well";
    case "water_supply":
      return "water_supply";
    case "drainage":
      return "drainage";
    case "sewage_system":
      return "sewage";
    default:
      return "septic";
  }
}

const hasSewerFields = (m: Readonly<Record<string, unknown>>) =>
  Object.keys(m).some((k) => k.startsWith("sw_"));

/**
 * The kinds a document prices, in display order: those of `workTypes` when given, else of `workType`
 * (a legacy `sewage_system` document with a station and no `sw_` field is a station estimate).
 *
 * @example
 * ```ts
 * import { documentKinds } from "./mod.ts";
 * const k = documentKinds({ workTypes: ["autonomous_sewage", "water_supply", "well_drilling"] }, {});
 * if (k.join() !== "well,water_supply,septic") throw new Error(k.join());
 * if (documentKinds({ workType: "sewage_system" }, { septic_model: "topas-5" }).join() !== "septic") throw new Error("legacy");
 * if (documentKinds({}, {}).join() !== "septic") throw new Error("default");
 * ```
 */
export function documentKinds(
  doc: { workType?: string; workTypes?: readonly string[] },
  m: Readonly<Record<string, unknown>>,
): WorkKind[] {
  const found = new Set<WorkKind>();
  if (doc.workTypes && doc.workTypes.length > 0) {
    for (const w of doc.workTypes) found.add(kindOfWorkType(w));
  } else {
    const w = doc.workType ?? "autonomous_sewage";
    const legacyStation = w === "sewage_system" && typeof m.septic_model === "string" &&
      m.septic_model !== "" &&
      !hasSewerFields(m);
    found.add(legacyStation ? "septic" : kindOfWorkType(w));
  }
  return workKinds.filter((k) => found.has(k));
}

/**
 * Reads the work types' fields present in `input` into `out` (strictly when `problems` is an array: each
 * invalid value is recorded; leniently when null). Absent fields stay absent (their defaults apply when
 * priced), so a septic document gains nothing.
 *
 * @example
 * ```ts
 * import { readWorkFields } from "./mod.ts";
 * const out: Record<string, unknown> = {};
 * const problems: import("../fields.ts").FieldProblem[] = [];
 * readWorkFields({ well_depth: "45,5", ws_length: "abc" }, out, problems);
 * if (out.well_depth !== 45.5 || problems[0].field !== "ws_length") throw new Error("read");
 * ```
 */
export function readWorkFields(
  input: Readonly<Record<string, unknown>>,
  out: Record<string, unknown>,
  problems: FieldProblem[] | null,
): void {
  for (const key in input) {
    if (!Object.hasOwn(workFieldSpecs, key)) continue;
    out[key] = readField(workFieldSpecs[key], input[key], key, problems);
  }
}

/** A kind's measurements, with its defaults (an empty object for the septic kind, whose fields are apart). */
export function valuesOfKind(kind: WorkKind, m: Readonly<Record<string, unknown>>): KindValues {
  return kind === "septic" ? {} : kindValues(workTypeModules[kind].specs, m);
}

/**
 * The missing items of the work types among `kinds` (the septic station's are checked apart).
 *
 * @example
 * ```ts
 * import { workMissingItems } from "./mod.ts";
 * const missing = workMissingItems(["water_supply"], { ws_depth: 1.2 });
 * if (missing.map((i) => i.field).join() !== "ws_length,ws_heating_cable") throw new Error(JSON.stringify(missing));
 * ```
 */
export function workMissingItems(
  kinds: readonly WorkKind[],
  m: Readonly<Record<string, unknown>>,
): MissingItem[] {
  const out: MissingItem[] = [];
  for (const kind of kinds) {
    if (kind !== "septic") out.push(...workTypeModules[kind].missing(valuesOfKind(kind, m)));
  }
  return out;
}

/**
 * The station's missing items that another work type of the document covers: with external sewage the
 * station's inlet pipe is that sewer, so its length is not asked twice.
 *
 * @example
 * ```ts
 * import { withoutCoveredItems } from "./mod.ts";
 * const items = [{ label: "Длина подводящей трубы", field: "inlet_pipe_length" }];
 * if (withoutCoveredItems(["sewage", "septic"], items).length !== 0) throw new Error("covered");
 * if (withoutCoveredItems(["septic"], items).length !== 1) throw new Error("kept");
 * ```
 */
export function withoutCoveredItems(kinds: readonly WorkKind[], items: MissingItem[]): MissingItem[] {
  return kinds.includes("sewage") ? items.filter((i) => i.field !== "inlet_pipe_length") : items;
}

/**
 * The season of the works, asked on a form without the station (whose own section asks it): winter prices the
 * frozen ground of every excavation (`winter.ts`).
 */
const seasonSection: FormSection = {
  id: "season",
  title: "Сезон работ",
  fields: [{
    name: "season",
    label: "Сезон работ",
    kind: "select",
    default: "auto",
    options: seasons.map((o) => ({ value: o.value, label: o.label })),
  }],
};

/**
 * The form sections of the work types among `kinds`, in order (the septic sections come from the engine apart,
 * and ask the season themselves; without the station the season is a section of its own, last).
 *
 * @example
 * ```ts
 * import { workFormSections } from "./mod.ts";
 * if (workFormSections(["water_supply"]).map((s) => s.id).join() !== "water_supply,season") throw new Error("season");
 * if (workFormSections(["water_supply", "septic"]).some((s) => s.id === "season")) throw new Error("once");
 * ```
 */
export function workFormSections(kinds: readonly WorkKind[]): FormSection[] {
  const own = kinds.flatMap((k) => (k === "septic" ? [] : [...workTypeModules[k].sections]));
  return own.length > 0 && !kinds.includes("septic") ? [...own, seasonSection] : own;
}
