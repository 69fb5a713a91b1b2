// The estimating engine on the phone: a script of its own (server/build.ts), loaded only when the
// surveyor asks for an estimate with no signal, from the address the field-work bundle gives. It calls the
// engine's one public entry, generateEstimate, with the company's price list and equipment-price basis the
// phone caches, so the total equals the server's and the CLI's to the kopeck.
import { type Estimate, generateEstimate, type PriceListItem } from "../../estimating/mod.ts";
import { type BundleTask, fieldWorkDocument } from "./estimate_document.ts";
import { moscowDate } from "../../domain/dates.ts";
import type { FieldWorkBundle } from "./urls.ts";

/** The estimate of the task's measurements, priced with the bundle's price list on this device. */
export function priceOnDevice(
  bundle: FieldWorkBundle,
  task: BundleTask,
  measurements: Record<string, unknown>,
  options: { at: Date; workType?: string; workTypes?: string[] },
): Estimate {
  const doc = fieldWorkDocument(task, measurements, { account: bundle.account, ...options });
  return generateEstimate(doc, {
    priceList: bundle.priceList?.items as PriceListItem[] | undefined,
    equipmentPrice: bundle.equipmentPrice,
    date: moscowDate(options.at),
  });
}
