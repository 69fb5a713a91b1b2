/**
 * Generated code for the server and the CLI, where code generation is allowed: a measurements reader and
 * getters with one named load. Where `new Function` is refused, the plain versions are used. Not part of the
 * light entry (`form.ts`): the browser page's CSP forbids code generation.
 *
 * @module
 */

import {
  type FieldProblem,
  type FieldSpec,
  type FieldsReader,
  measurementFieldSpecs,
  type Measurements,
  readField,
  readFields,
} from "./fields.ts";

const NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * The reader copies an object of the defaults with a generated constructor (one named load and store per
 * field: every result has one shape, in V8's fast mode, so the rules' loads stay monomorphic) and reads only
 * the fields the input has (a document fills a score of the 170). Reading all 170 by name from inputs of
 * many shapes cost four times as much (12 µs against 3 µs a document, 2026-11-26, bench/estimating.ts).
 */
function compileReader(): FieldsReader | undefined {
  const entries = Object.entries(measurementFieldSpecs) as [string, FieldSpec][];
  if (!entries.every(([name]) => NAME.test(name))) return undefined;
  try {
    // Pass-through fields are last in the table and set only when given, as the plain reader does.
    const valued = entries.filter(([, spec]) => spec.kind !== "pass");
    const Copy = new Function(
      "d",
      valued.map(([name]) => `this.${name} = d.${name};`).join("\n"),
    ) as unknown as new (
      defaults: Measurements,
    ) => Measurements;
    const defaults = new Copy(readFields({}, null));
    const byName = new Map(entries.map(([name, spec], i) => [name, { spec, i }]));
    const order = (p: FieldProblem) => byName.get(p.field)!.i;
    return (m, problems) => {
      const out = new Copy(defaults) as unknown as Record<string, unknown>;
      const before = problems?.length ?? 0;
      for (const name in m) {
        const field = byName.get(name);
        const raw = m[name];
        if (field === undefined || raw === undefined) continue;
        out[name] = field.spec.kind === "pass" ? raw : readField(field.spec, raw, name, problems);
      }
      // Problems in the fields' order, as the plain reader reports them.
      if (problems && problems.length - before > 1) {
        problems.splice(before, Infinity, ...problems.slice(before).sort((a, b) => order(a) - order(b)));
      }
      return out as unknown as Measurements;
    };
  } catch {
    return undefined;
  }
}

let reader: FieldsReader | undefined;

/**
 * The generated reader of the measurement fields (the same reading as `readFields`, one named store per
 * field), or the plain reader where code generation is refused.
 *
 * @example
 * ```ts
 * import { fastReader } from "./fast.ts";
 * import { buildMeasurements } from "./fields.ts";
 * if (buildMeasurements({ residents_count: "6" }, null, fastReader()).residents_count !== 6) throw new Error("read");
 * ```
 */
export function fastReader(): FieldsReader {
  return reader ??= compileReader() ?? readFields;
}

/**
 * A fast getter of one measurement field by name (a generated named load where allowed).
 *
 * @example
 * ```ts
 * import { fieldGetter } from "./fast.ts";
 * import { defaultMeasurements } from "./fields.ts";
 * if (fieldGetter("residents_count")(defaultMeasurements()) !== 4) throw new Error("getter");
 * ```
 */
export function fieldGetter(name: string): (m: Measurements) => unknown {
  if (NAME.test(name)) {
    try {
      return new Function("m", `return m.${name};`) as (m: Measurements) => unknown;
    } catch {
      // Code generation not allowed: fall through.
    }
  }
  return (m) => (m as unknown as Record<string, unknown>)[name];
}
