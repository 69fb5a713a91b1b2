// The measurement form as data for the browser: built here from the engine's own sections and catalogue.
import { catalogue } from "./catalogue/mod.ts";
import type { FormConfig } from "./form.ts";
import { measurementFormSections } from "./measurement_form_sections.ts";

let formConfigOnce: FormConfig | undefined;

/**
 * The measurement form as data: the sections (labels and units from the price list) and a compact catalogue.
 * The form reads values and lists missing items with the engine's own light code (`form.ts`).
 *
 * @example
 * ```ts
 * import { formConfig } from "./form_config.ts";
 * const config = formConfig();
 * if (!config.models.some((m) => m.name === "Топас 5")) throw new Error("no Топас 5");
 * if (formConfig() !== config) throw new Error("built twice");
 * ```
 */
export function formConfig(): FormConfig {
  if (formConfigOnce) return formConfigOnce;
  const config: Omit<FormConfig, "version"> = {
    sections: measurementFormSections as FormConfig["sections"],
    models: catalogue.map((m) => ({
      id: m.id,
      brand: m.brand,
      name: m.model,
      capacity: m.capacity,
      peakDischarge: m.peakDischarge,
      length: m.dimensions.length,
      width: m.dimensions.width,
      height: m.dimensions.height,
      dealerPrice: m.dealerPrice,
      discharge: m.discharge,
    })),
  };
  // The version changes with the content, so a device's cached copy is replaced when the engine changes.
  const json = JSON.stringify(config);
  let h = 0x811c9dc5;
  for (let i = 0; i < json.length; i++) h = Math.imul(h ^ json.charCodeAt(i), 0x01000193) >>> 0;
  formConfigOnce = { version: h.toString(36), ...config };
  return formConfigOnce;
}
