// Which requests the service worker caches for field work with no signal, as pure rules shared by
// the worker (components/offline/sw.ts), the page that fills the cache and the tests. Only same-origin GETs of
// the signed-in account are cached, each account in its own cache; other pages say they need a connection.
import type { EquipmentPriceSetting } from "../../estimating/catalogue/equipment_price.ts";

/** The header naming the signed-in account on every answer (server/offline.ts). */
export const ACCOUNT_HEADER = "X-Polesmeta-Account";

/**
 * Cache names: the shell (precached by Workbox, updated in place by each build), the bundles asked for after
 * the install (per build), and one data cache per account.
 */
export const SHELL_CACHE = "polesmeta-shell";
export const SHELL_CACHE_PREFIX = "polesmeta-shell-";
export const DATA_CACHE_PREFIX = "polesmeta-data-";
/** Where the worker remembers whose data it caches (the account id as the body of one entry). */
export const META_CACHE = "polesmeta-meta";

export function dataCacheName(account: string): string {
  return DATA_CACHE_PREFIX + account;
}

/** The bundle of what field work needs offline: GET /api/offline/field-work. */
export const FIELD_WORK_BUNDLE_URL = "/api/offline/field-work";

/** The bundle's JSON (server/api/offline.ts). Money in kopecks. */
export interface FieldWorkBundle {
  account: number;
  /** The estimating engine's script (components/offline/engine.ts as built), imported only when needed. */
  engineUrl: string;
  /** The company's active price list (null: the built-in list); its id says when it changed. */
  priceList: { id: number; name: string; items: unknown[] } | null;
  /** The company's equipment-price basis; absent in a bundle cached before it existed. */
  equipmentPrice?: EquipmentPriceSetting;
  tasks: {
    id: number;
    objectId: number;
    title: string;
    status: string;
    workType: string;
    /** The service visit the task carries (its screen is cached for offline), or null for a measurement task. */
    serviceVisitId?: number | null;
    /** The object as the server puts it in the measurement document it prices. */
    object: { address: string; clientName: string; clientPhone: string; distanceFromMKAD: number | null };
  }[];
}

/** Field-work pages cached for offline: the cabinet, the field-work screen, the task list, an object's card, the
 * service schedule and each service visit's screen. */
export function isFieldWorkPage(url: URL): boolean {
  const p = url.pathname;
  if (p === "/surveyor" || p === "/field-work" || p === "/tasks" || p === "/service") return true;
  if (/^\/service\/visits\/\d+$/.test(p)) return true;
  if (/^\/objects\/\d+\/field-work$/.test(p)) return true;
  return p === "/objects" && url.searchParams.has("objectId");
}

/** Field-work data cached for offline: the bundle, the form, a task's record, photos list and estimates. */
export function isFieldWorkData(url: URL): boolean {
  const p = url.pathname;
  if (p === FIELD_WORK_BUNDLE_URL || p === "/api/measurements/form") return true;
  if (/^\/api\/measurements\/\d+$/.test(p) || /^\/api\/estimates\/\d+$/.test(p)) return true;
  if (p === "/api/documents") return url.searchParams.has("taskId");
  return p === "/api/estimates" && url.searchParams.has("objectId");
}

/** Build output and static files: the same for every account, cached per build. */
export function isShellAsset(url: URL): boolean {
  return url.pathname.startsWith("/_islands/") || url.pathname.startsWith("/static/");
}

/** Requests that end the session: the worker forgets the account's data before sending them. */
export function endsSession(method: string, url: URL): boolean {
  return (method === "POST" || method === "GET") &&
    (url.pathname === "/api/logout" || url.pathname === "/api/login");
}

/** A page cached under another query (the cabinet's `?siteWork=` dialog opens from the cabinet's page). */
export function fallbackIgnoringQuery(url: URL): boolean {
  return url.pathname === "/surveyor";
}

/** Every URL to fetch (through the worker, which caches them) so the bundle's tasks open offline. */
export function warmUrls(bundle: FieldWorkBundle): string[] {
  const urls = ["/surveyor", "/field-work", "/tasks", "/service", "/api/measurements/form"];
  for (const t of bundle.tasks) {
    if (t.serviceVisitId) urls.push(`/service/visits/${t.serviceVisitId}`);
    urls.push(
      `/field-work?taskId=${t.id}`,
      `/objects?objectId=${t.objectId}`,
      `/api/measurements/${t.id}`,
      `/api/documents?taskId=${t.id}&pageSize=200`,
      `/api/estimates?objectId=${t.objectId}`,
    );
  }
  return [...new Set(urls)];
}
