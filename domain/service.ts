// Service of installed stations and wells: what is installed on an object, the company's service
// plans, the service agreement sold on an object and its visits. The enumerations and the JSON shapes the
// tables of db/schema/service.ts keep; zod-free, so pages and islands read it too.

/** What is installed: a treatment station, a well, a pump. */
export const equipmentKinds = ["station", "well", "pump"] as const;
export type EquipmentKind = (typeof equipmentKinds)[number];

/** Where the record came from: the act of finished works, or entered by hand (a station someone else installed). */
export const equipmentSources = ["act", "manual"] as const;
export type EquipmentSource = (typeof equipmentSources)[number];

/** The station's size band the plan's prices depend on, by the residents it is rated for. */
export const stationSizeBands = ["small", "medium", "large"] as const;
export type StationSizeBand = (typeof stationSizeBands)[number];

/** How the client pays a service agreement: once a year, or for each visit. */
export const servicePayModes = ["year", "visit"] as const;
export type ServicePayMode = (typeof servicePayModes)[number];

/** draft → sent (the client's link shows it) → signed (through the link) → ended (expired, renewed or cancelled). */
export const serviceAgreementStatuses = ["draft", "sent", "signed", "ended"] as const;
export type ServiceAgreementStatus = (typeof serviceAgreementStatuses)[number];

/** Why a signed agreement ended: its term ran out, a renewal replaced it, or it was cancelled. */
export const serviceEndReasons = ["expired", "renewed", "cancelled"] as const;
export type ServiceEndReason = (typeof serviceEndReasons)[number];

/** A visit: planned, done (with its report), overdue (its date passed undone), cancelled. */
export const serviceVisitStatuses = ["planned", "done", "overdue", "cancelled"] as const;
export type ServiceVisitStatus = (typeof serviceVisitStatuses)[number];

/** A plan's price for one station size band, kopecks. */
export interface ServicePrice {
  perVisit: number;
  perYear: number;
}

/** A plan's prices by station size band. */
export type ServicePrices = Record<StationSizeBand, ServicePrice>;

/** The report of a done visit (service_visits.report): the checklist, the readings, parts replaced, photos. */
export interface ServiceVisitReport {
  /** The operations of the visit, each done or not. */
  checklist: { operation: string; done: boolean }[];
  /** Readings by name (sludge level, smell, effluent clarity, compressor pressure …). */
  readings: Record<string, string | number>;
  /** Parts replaced: price-list code, name, quantity, price per unit (kopecks), billable beyond the plan. */
  parts: { code: string; name: string; quantity: number; price: number; billable: boolean }[];
  /** documents.id of the photos. */
  photoIds: number[];
  comment: string;
}

/** What a service contract, a warranty card or a visit report prints for a piece of equipment. */
export function equipmentLabel(e: { modelName: string; serialNumber: string | null }): string {
  return e.serialNumber ? `${e.modelName}, заводской № ${e.serialNumber}` : e.modelName;
}
