// Distance from the Moscow ring road and compass direction from the city centre (the objects and shop spec's
// «Business constants and limits»).

/** The capital's centre point used by the spec. */
export const MOSCOW_CENTER = { lat: 55.7558, lon: 37.6176 } as const;
/** The ring road is taken as a circle of 20 km around the centre. */
export const MKAD_RADIUS_KM = 20;
const EARTH_RADIUS_KM = 6371;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine). */
export function greatCircleKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
}

/** Whole km beyond the ring road, at least 0. */
export function distanceFromMKAD(lat: number, lon: number): number {
  return Math.max(0, Math.round(greatCircleKm(MOSCOW_CENTER, { lat, lon }) - MKAD_RADIUS_KM));
}

/** '0' is shown as 'В пределах МКАД'. */
export function formatMkadDistance(km: number | null | undefined): string {
  if (km === null || km === undefined) return "Не указано";
  return km === 0 ? "В пределах МКАД" : `${km} км от МКАД`;
}

export const directions = [
  "Север",
  "Северо-восток",
  "Восток",
  "Юго-восток",
  "Юг",
  "Юго-запад",
  "Запад",
  "Северо-запад",
] as const;

/** One of 8 compass points in 45° sectors, by the initial bearing from the centre. */
export function directionFromCenter(lat: number, lon: number): typeof directions[number] {
  const φ1 = rad(MOSCOW_CENTER.lat);
  const φ2 = rad(lat);
  const Δλ = rad(lon - MOSCOW_CENTER.lon);
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  const bearing = ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
  return directions[Math.round(bearing / 45) % 8];
}
