// The schedule: time windows, conflicts, the day's route by direction from МКАД and the days a new
// task fits a person's route. Pure: used by the server, the pages and the calendar island.
//
// A visit is stored as a Moscow calendar day ('YYYY-MM-DD') and a window in minutes after Moscow's midnight of
// that day (db/schema/tasks.ts); instants come from domain/dates.ts (Europe/Moscow through @date-fns/tz).
import { moscowDate, moscowTime } from "./dates.ts";
import { directions } from "./geo.ts";

export { directions };
export type Direction = typeof directions[number];

/** The time windows the forms offer, 7:00–21:00 (a working day of a field crew). */
export const DAY_START = 7 * 60;
export const DAY_END = 21 * 60;

export interface Window {
  start: number;
  end: number;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Minutes after midnight as «9:00», «13:30». */
export function formatMinutes(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${pad(minutes % 60)}`;
}

/** «9:00–12:00», or "" without a window. */
export function formatWindow(start: number | null | undefined, end: number | null | undefined): string {
  return start == null || end == null ? "" : `${formatMinutes(start)}–${formatMinutes(end)}`;
}

/** «25.11.2026, 9:00–12:00» (the client's message), «25.11.2026» without a window. */
export function formatVisit(day: string, start?: number | null, end?: number | null): string {
  const [y, m, d] = day.split("-");
  const window = formatWindow(start, end);
  return `${d}.${m}.${y}${window ? `, ${window}` : ""}`;
}

/** 'HH:MM' → minutes, or null. */
export function parseClock(value: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const h = Number(m[1]), min = Number(m[2]);
  return h > 24 || min > 59 || (h === 24 && min > 0) ? null : h * 60 + min;
}

/** The instants of a window (start and end), in UTC, from the Moscow day and minutes. */
export function windowInstants(day: string, w: Window): { start: Date; end: Date } {
  return {
    start: moscowTime(day, Math.floor(w.start / 60), w.start % 60),
    end: moscowTime(day, Math.floor(w.end / 60), w.end % 60),
  };
}

/** A dragged window moves by quarters of an hour (the calendar's day view). */
export const DRAG_STEP = 15;

/**
 * A window dragged by `minutes`: `move` shifts it keeping its length, `resize` moves its end; snapped to
 * DRAG_STEP and kept within the working day DAY_START–DAY_END, a stretched window at least one step long.
 */
export function dragWindow(w: Window, minutes: number, mode: "move" | "resize"): Window {
  const delta = Math.round(minutes / DRAG_STEP) * DRAG_STEP;
  if (mode === "resize") {
    return { start: w.start, end: Math.min(DAY_END, Math.max(w.start + DRAG_STEP, w.end + delta)) };
  }
  const length = w.end - w.start;
  const start = Math.min(Math.max(DAY_START, w.start + delta), Math.max(DAY_START, DAY_END - length));
  return { start, end: start + length };
}

/** Two windows overlap when one starts before the other ends (9–12 and 12–15 do not). */
export function overlaps(a: Window, b: Window): boolean {
  return a.start < b.end && b.start < a.end;
}

export interface Booking {
  id: number;
  scheduledDate: string | null;
  windowStart: number | null;
  windowEnd: number | null;
  /** The people doing it: the assignee and the crew's members. */
  people: readonly number[];
  crewId: number | null;
}

/**
 * The bookings `next` collides with: the same day, overlapping windows, and a person in common or the same
 * crew. A task without a window does not collide (it has no time yet).
 */
export function conflictsOf<T extends Booking>(next: Booking, others: readonly T[]): T[] {
  if (!next.scheduledDate || next.windowStart == null || next.windowEnd == null) return [];
  const mine = { start: next.windowStart, end: next.windowEnd };
  return others.filter((o) =>
    o.id !== next.id && o.scheduledDate === next.scheduledDate && o.windowStart != null &&
    o.windowEnd != null && overlaps(mine, { start: o.windowStart, end: o.windowEnd }) &&
    ((next.crewId !== null && o.crewId === next.crewId) || o.people.some((p) => next.people.includes(p)))
  );
}

/** The 7 days of the week (Monday first) holding a 'YYYY-MM-DD' day. */
export function weekOf(day: string): string[] {
  const noon = moscowTime(day, 12);
  const weekday = (noon.getUTCDay() + 6) % 7; // 0 = Monday; noon in Moscow is the same UTC day
  return Array.from({ length: 7 }, (_, i) => addDays(day, i - weekday));
}

/** 'YYYY-MM-DD' plus n days (calendar days, through noon so that no offset shifts the day). */
export function addDays(day: string, n: number): string {
  return moscowDate(moscowTime(day, 12).getTime() + n * 86_400_000);
}

// ---------------------------------------------------------------------------------------------------------------
// The day's route.
//
// Model (no map service): a site is placed on a plane around the centre of Moscow by its direction and its
// distance from МКАД (the object's stored location: its coordinates when geocoded, else the middle of its
// 45° direction sector, domain/geo.ts), МКАД being the circle of 20 km the location rules use (the objects
// and shop spec's «Business constants and limits»). Between two sites the road distance is the shorter of (a)
// the straight line × 1.3 — the road circuity factor of Ballou, Rahardja & Sakai, «Selected country circuity
// factors for road travel distance estimation» (Transportation Research A 36, 2002), 1.2–1.4 for European
// road networks; used within one direction or between neighbouring ones, and (b) back along the radial
// highway to МКАД, along МКАД (the arc between the two directions on the 20 km circle), and out along the
// other radial highway. Time: 50 km/h on radial highways and country roads outside МКАД, 40 km/h on МКАД — an
// assumption for daytime traffic, not a measurement; the figures are estimates and are shown as «≈».
// ---------------------------------------------------------------------------------------------------------------

export const CIRCUITY = 1.3;
export const MKAD_RADIUS_KM = 20;
export const OUTSIDE_KMH = 50;
export const MKAD_KMH = 40;

export interface Site {
  direction: string | null;
  distanceFromMKAD: number | null;
  latitude?: number | null;
  longitude?: number | null;
}

/** The compass bearing of a site from the centre, in degrees (0 = north, clockwise), or null. */
export function bearingOf(site: Site): number | null {
  if (site.latitude != null && site.longitude != null) {
    const dy = (site.latitude - 55.7558) * 111.2;
    const dx = (site.longitude - 37.6176) * 111.2 * Math.cos(55.7558 * Math.PI / 180);
    if (dx === 0 && dy === 0) return 0;
    return (Math.atan2(dx, dy) * 180 / Math.PI + 360) % 360;
  }
  const i = directions.indexOf(site.direction as Direction);
  return i < 0 ? null : i * 45;
}

/** The sector index 0–7 (Север … Северо-запад) of a site, or 8 (unknown) for sorting last. */
export function sectorOf(site: Site): number {
  const i = directions.indexOf(site.direction as Direction);
  if (i >= 0) return i;
  const b = bearingOf(site);
  return b === null ? 8 : Math.round(b / 45) % 8;
}

export interface Leg {
  km: number;
  minutes: number;
}

function place(site: Site): { x: number; y: number; r: number; b: number } | null {
  const b = bearingOf(site);
  if (b === null || site.distanceFromMKAD == null) return null;
  const r = MKAD_RADIUS_KM + site.distanceFromMKAD;
  const a = b * Math.PI / 180;
  return { x: r * Math.sin(a), y: r * Math.cos(a), r, b };
}

/**
 * The estimated drive between two sites (the model above), whole km and minutes; null when a site has no
 * location. `from` null: from МКАД on the site's own radial (the first site of the day).
 */
export function legBetween(from: Site | null, to: Site): Leg | null {
  const b = place(to);
  if (!b) return null;
  if (from === null) {
    const km = b.r - MKAD_RADIUS_KM;
    return { km: Math.round(km), minutes: Math.round(km / OUTSIDE_KMH * 60) };
  }
  const a = place(from);
  if (!a) return null;
  const straight = Math.hypot(a.x - b.x, a.y - b.y) * CIRCUITY;
  const angle = Math.min(Math.abs(a.b - b.b), 360 - Math.abs(a.b - b.b)) * Math.PI / 180;
  const radial = (a.r - MKAD_RADIUS_KM) + (b.r - MKAD_RADIUS_KM);
  const ring = MKAD_RADIUS_KM * angle;
  const viaMkad = { km: radial + ring, minutes: radial / OUTSIDE_KMH * 60 + ring / MKAD_KMH * 60 };
  const direct = { km: straight, minutes: straight / OUTSIDE_KMH * 60 };
  const best = direct.km <= viaMkad.km ? direct : viaMkad;
  return { km: Math.round(best.km), minutes: Math.round(best.minutes) };
}

/**
 * A day's sites in route order: by direction clockwise, starting from the direction of the earliest time
 * window (or the first direction of the day), and within a direction from МКАД outwards. Each stop carries
 * the estimated leg from the previous one (the first from МКАД).
 *
 * @example Three sites: Истра (Северо-запад, 35 km), Красногорск (Северо-запад, 5 km), Раменское (Юго-восток,
 * 26 km) → Красногорск, Истра, Раменское.
 */
export function orderRoute<T extends Site & { windowStart?: number | null }>(
  sites: readonly T[],
): { site: T; leg: Leg | null }[] {
  if (sites.length === 0) return [];
  const timed = sites.filter((s) => s.windowStart != null)
    .sort((a, b) => a.windowStart! - b.windowStart!);
  const first = sectorOf(timed[0] ?? [...sites].sort((a, b) => sectorOf(a) - sectorOf(b))[0]);
  const rank = (s: T) => {
    const sector = sectorOf(s);
    return sector === 8 ? 8 : (sector - first + 8) % 8;
  };
  const ordered = [...sites].sort((a, b) =>
    rank(a) - rank(b) || (a.distanceFromMKAD ?? 1e9) - (b.distanceFromMKAD ?? 1e9)
  );
  return ordered.map((site, i) => ({ site, leg: legBetween(i === 0 ? null : ordered[i - 1], site) }));
}

/** The total of a route's legs (the legs that could be estimated). */
export function routeTotal(route: readonly { leg: Leg | null }[]): Leg {
  return route.reduce(
    (sum, { leg }) => leg ? { km: sum.km + leg.km, minutes: sum.minutes + leg.minutes } : sum,
    { km: 0, minutes: 0 },
  );
}

/** «≈ 42 км, 1 ч 5 мин». */
export function formatLeg(leg: Leg): string {
  const h = Math.floor(leg.minutes / 60), m = leg.minutes % 60;
  const time = h > 0 ? `${h} ч${m > 0 ? ` ${m} мин` : ""}` : `${m} мин`;
  return `≈ ${leg.km} км, ${time}`;
}

export interface DaySuggestion {
  day: string;
  /** Tasks the person already has that day. */
  tasks: number;
  /** The added km of the day's route with the new site. */
  extraKm: number;
}

/**
 * «Подобрать день»: the days from `from` over `days` days on which the person already goes in the new site's
 * direction (every site of the day in that direction or a neighbouring one) and has fewer than `maxPerDay`
 * tasks, the cheapest addition first.
 */
export function suggestDays(
  site: Site,
  byDay: ReadonlyMap<string, readonly Site[]>,
  options: { from: string; days?: number; maxPerDay?: number },
): DaySuggestion[] {
  const sector = sectorOf(site);
  if (sector === 8) return [];
  const out: DaySuggestion[] = [];
  for (let i = 0; i < (options.days ?? 14); i++) {
    const day = addDays(options.from, i);
    const sites = byDay.get(day) ?? [];
    if (sites.length === 0 || sites.length >= (options.maxPerDay ?? 4)) continue;
    const near = sites.every((s) => {
      const d = Math.abs(sectorOf(s) - sector);
      return Math.min(d, 8 - d) <= 1;
    });
    if (!near || !sites.some((s) => sectorOf(s) === sector)) continue;
    const before = routeTotal(orderRoute(sites)).km;
    const after = routeTotal(orderRoute([...sites, site])).km;
    out.push({ day, tasks: sites.length, extraKm: Math.max(0, after - before) });
  }
  return out.sort((a, b) => a.extraKm - b.extraKm || a.day.localeCompare(b.day));
}
