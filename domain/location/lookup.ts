// District lookup (the objects and shop spec's «Business constants and limits»), place search and the
// gazetteer's address suggestions. Pure functions.
import { directionFromCenter, distanceFromMKAD, greatCircleKm, MOSCOW_CENTER } from "../geo.ts";
import { districtTable, MOSCOW, type PlaceKind, REGION, specialCases } from "./data.ts";

export const UNKNOWN_DISTRICT = "Не определен";

export interface Place {
  name: string;
  kind: PlaceKind;
  district: string;
  lat: number;
  lon: number;
}

/** Every place of the gazetteer, towns first. */
export const places: readonly Place[] = districtTable.flatMap((d) =>
  d.places.map(([kind, name, lat, lon]) => ({ name, kind, district: d.name, lat, lon }))
).sort((a, b) => kindRank(a.kind) - kindRank(b.kind));

function kindRank(kind: PlaceKind): number {
  return ["г", "рп", "п", "кп", "с", "д"].indexOf(kind);
}

/** Lower case, ё as е, punctuation as spaces, single spaces. Hyphens are kept ('орехово-зуево'). */
export function normalize(text: string): string {
  return text.toLowerCase().replaceAll("ё", "е").replace(/[^a-zа-я0-9-]+/g, " ").replace(/\s+-|-\s+/g, " ")
    .replace(/\s+/g, " ").trim();
}

// Words that name the kind of a place or an administrative unit, dropped by the cleaned match.
const noiseWords = new Set([
  "россия",
  "рф",
  "московская",
  "моск",
  "обл",
  "область",
  "мо",
  "г",
  "гор",
  "город",
  "пос",
  "поселок",
  "п",
  "д",
  "дер",
  "деревня",
  "с",
  "село",
  "рп",
  "пгт",
  "кп",
  "снт",
  "днп",
  "дп",
  "тсн",
  "мкр",
  "микрорайон",
  "городской",
  "округ",
  "го",
  "о",
  "район",
  "р",
  "н",
  "р-н",
  "рн",
  "муниципальный",
  "сельское",
  "поселение",
  "сп",
  "гп",
  "коттеджный",
  "дачный",
  "территория",
  "тер",
  "ул",
  "улица",
  "дом",
  "вл",
  "уч",
  "участок",
  "км",
  "шоссе",
  "ш",
  "пр",
  "проезд",
  "пер",
  "переулок",
  "корп",
  "стр",
  "кв",
]);

/** The normalized text without kind words, abbreviations and numbers. */
export function cleanName(text: string): string {
  return normalize(text).split(" ").filter((w) => w && !noiseWords.has(w) && !/^\d/.test(w)).join(" ");
}

/** Levenshtein distance, stopping early past `max` (returns max + 1 then). */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      rowMin = Math.min(rowMin, cur[j]);
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length];
}

/** 1 − distance / longer length: 1 for equal strings. */
export function similarity(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  return longer === 0 ? 1 : 1 - editDistance(a, b) / longer;
}

interface Entry {
  key: string;
  district: string;
  place?: Place;
}

// Names to match: every place and every district name and alias, normalized.
const placeEntries: Entry[] = places.map((p) => ({ key: normalize(p.name), district: p.district, place: p }));
const districtEntries: Entry[] = districtTable.flatMap((d) =>
  [d.name, ...(d.aliases ?? [])].map((n) => ({ key: cleanName(n) || normalize(n), district: d.name }))
);
const entries = [...placeEntries, ...districtEntries];
const specials = new Map(Object.entries(specialCases).map(([k, v]) => [normalize(k), v]));

/** The root of a district name: 'Истринский' → 'истрин', 'Сергиево-Посадский' → 'сергиево-посад'. */
export function districtRoot(name: string): string {
  return normalize(name).replace(/(ский|цкий|ской|ий|ый|ой|ая|ое|а|о|ы|и)$/, "");
}
const roots = districtTable.flatMap((d) =>
  [d.name, ...(d.aliases ?? [])].map((n) => ({ root: districtRoot(cleanName(n) || n), district: d.name }))
).filter((r) => r.root.length >= 4);

export type DistrictMatch =
  | "special"
  | "exact"
  | "cleaned"
  | "substring"
  | "root"
  | "fuzzy"
  | "similarity"
  | "none";

/**
 * The district of a settlement, town or address text, trying in order: special cases, exact match,
 * cleaned match, substring of 4+ characters, district root, fuzzy words (edit distance ≤ 2, score ≥ 8),
 * similarity ≥ 0.8; otherwise 'Не определен'.
 */
export function lookupDistrict(
  text: string | null | undefined,
): { district: string; match: DistrictMatch; place?: Place } {
  const none = { district: UNKNOWN_DISTRICT, match: "none" as const };
  if (!text || !text.trim()) return none;
  const exact = normalize(text);
  const cleaned = cleanName(text);

  // 1. Special cases: the whole text, the cleaned text, or one of its comma-separated parts.
  for (const key of [exact, cleaned, ...text.split(",").map(cleanName)]) {
    const special = specials.get(key);
    if (special) return { district: special, match: "special", place: placeByName(key) };
  }
  // 2. Exact.
  const e = entries.find((x) => x.key === exact);
  if (e) return { district: e.district, match: "exact", place: e.place };
  // 3. Cleaned (also each comma-separated part, for addresses).
  const parts = [cleaned, ...text.split(",").map(cleanName)].filter(Boolean);
  // A place named in one part wins over a district named in another ('Раменский р-н, с. Гжель').
  for (const pool of [placeEntries, districtEntries]) {
    for (const part of parts) {
      const c = pool.find((x) => x.key === part);
      if (c) return { district: c.district, match: "cleaned", place: c.place };
    }
  }
  if (!cleaned) return none;
  // 4. Substring of 4+ characters on word boundaries; the longest name wins.
  let best: Entry | null = null;
  const padded = ` ${cleaned} `;
  for (const x of entries) {
    if (x.key.length < 4) continue;
    const inText = padded.includes(` ${x.key} `);
    const textInName = cleaned.length >= 4 && ` ${x.key} `.includes(` ${cleaned} `);
    if ((inText || textInName) && (!best || x.key.length > best.key.length)) best = x;
  }
  if (best) return { district: best.district, match: "substring", place: best.place };
  // 5. District root: a word starting with the root of a district name ('Истринский район').
  const words = cleaned.split(" ");
  for (const r of roots) {
    if (words.some((w) => w.startsWith(r.root))) return { district: r.district, match: "root" };
  }
  // 6. Fuzzy words: each word within edit distance 2 of a word of a name scores its length minus twice the distance.
  let fuzzy: { entry: Entry; score: number } | null = null;
  for (const x of entries) {
    let score = 0;
    for (const nameWord of x.key.split(/[ -]/)) {
      if (nameWord.length < 4) continue;
      let wordBest = 0;
      for (const w of words) {
        if (w.length < 4) continue;
        const d = editDistance(w, nameWord, 2);
        if (d <= 2) wordBest = Math.max(wordBest, nameWord.length - 2 * d);
      }
      score += wordBest;
    }
    if (score >= 8 && (!fuzzy || score > fuzzy.score)) fuzzy = { entry: x, score };
  }
  if (fuzzy) return { district: fuzzy.entry.district, match: "fuzzy", place: fuzzy.entry.place };
  // 7. Similarity of the whole cleaned text.
  let similar: { entry: Entry; s: number } | null = null;
  for (const x of entries) {
    const s = similarity(cleaned, x.key);
    if (s >= 0.8 && (!similar || s > similar.s)) similar = { entry: x, s };
  }
  if (similar) return { district: similar.entry.district, match: "similarity", place: similar.entry.place };
  return none;
}

/** A place of the gazetteer by its (normalized or cleaned) name. */
export function placeByName(name: string | null | undefined): Place | undefined {
  if (!name) return undefined;
  const key = cleanName(name);
  const exact = normalize(name);
  return places.find((p) => normalize(p.name) === exact) ?? places.find((p) => normalize(p.name) === key);
}

export interface LocationInput {
  address?: string | null;
  settlement?: string | null;
  city?: string | null;
  area?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

export interface Location {
  district: string;
  direction: string | null;
  distanceFromMKAD: number | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * District, direction and ring-road distance of an object: from its coordinates when known, else from
 * the gazetteer's place named by the settlement, city or address (the district centre as a last resort).
 */
export function locate(input: LocationInput): Location {
  let found: ReturnType<typeof lookupDistrict> = { district: UNKNOWN_DISTRICT, match: "none" };
  for (const text of [input.settlement, input.city, input.area, input.address]) {
    const r = lookupDistrict(text);
    if (r.match !== "none") {
      found = r;
      break;
    }
  }
  let lat = input.latitude ?? null;
  let lon = input.longitude ?? null;
  if (lat === null || lon === null || !Number.isFinite(lat) || !Number.isFinite(lon)) {
    const place = found.place ?? districtCentre(found.district);
    lat = place?.lat ?? null;
    lon = place?.lon ?? null;
  }
  if (lat === null || lon === null) {
    return {
      district: found.district,
      direction: null,
      distanceFromMKAD: null,
      latitude: null,
      longitude: null,
    };
  }
  const distance = distanceFromMKAD(lat, lon);
  return {
    district: found.district,
    // At the centre point itself there is no direction.
    direction: greatCircleKm(MOSCOW_CENTER, { lat, lon }) < 1 ? null : directionFromCenter(lat, lon),
    distanceFromMKAD: distance,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
  };
}

function districtCentre(district: string): Place | undefined {
  return places.find((p) =>
    p.district === district && p.name === districtTable.find((d) => d.name === district)?.places[0][1]
  );
}

/** The shape of one DaData address suggestion (the fields this product reads). */
export interface AddressSuggestion {
  value: string;
  unrestricted_value: string;
  data: {
    country: string;
    region: string;
    region_with_type: string;
    area: string | null;
    area_with_type: string | null;
    city: string | null;
    city_with_type: string | null;
    settlement: string | null;
    settlement_with_type: string | null;
    street_with_type: string | null;
    geo_lat: string | null;
    geo_lon: string | null;
    beltway_distance: string | null;
    /** Added by this product: the district lookup, direction and ring-road distance. */
    district: string;
    direction: string | null;
    distance_from_mkad: number | null;
  };
}

function suggestionFor(place: Place, rest: string): AddressSuggestion {
  const isMoscow = place.district === MOSCOW;
  const isTown = place.kind === "г";
  const regionText = isMoscow ? "г Москва" : "Московская обл";
  const area = isMoscow || isTown ? null : place.district;
  const head = isMoscow
    ? "г Москва"
    : [regionText, area && `${area} р-н`, `${place.kind} ${place.name}`].filter(Boolean).join(", ");
  const value = rest ? `${head}, ${rest}` : head;
  const distance = distanceFromMKAD(place.lat, place.lon);
  return {
    value,
    unrestricted_value: value,
    data: {
      country: "Россия",
      region: isMoscow ? "Москва" : "Московская",
      region_with_type: isMoscow ? "г Москва" : "Московская обл",
      area,
      area_with_type: area && `${area} р-н`,
      city: isTown ? place.name : null,
      city_with_type: isTown ? `г ${place.name}` : null,
      settlement: isTown ? null : place.name,
      settlement_with_type: isTown ? null : `${place.kind} ${place.name}`,
      street_with_type: rest || null,
      geo_lat: String(place.lat),
      geo_lon: String(place.lon),
      beltway_distance: isMoscow ? null : String(distance),
      district: place.district,
      direction: isMoscow ? null : directionFromCenter(place.lat, place.lon),
      distance_from_mkad: distance,
    },
  };
}

/**
 * Address suggestions from the built-in gazetteer: the places whose name the query starts with, contains
 * or begins, towns first; the rest of the query (street, house) is kept after the place.
 */
export function suggestAddresses(query: string, count = 10): AddressSuggestion[] {
  const q = query.trim();
  if (normalize(q).length < 3) return [];
  // Split the query at commas; the part naming a place is matched, the others are kept as the street part.
  const parts = q.split(",").map((s) => s.trim()).filter(Boolean);
  const scored: Array<{ place: Place; score: number; rest: string }> = [];
  for (const place of places) {
    const name = normalize(place.name);
    let best = 0;
    let restParts: string[] = [];
    for (const [i, part] of parts.entries()) {
      const p = cleanName(part);
      if (!p) continue;
      let score = 0;
      if (p === name) score = 100;
      else if (name.startsWith(p) && p.length >= 3) score = 60 + p.length;
      else if (` ${p} `.includes(` ${name} `)) score = 50 + name.length;
      else if (p.length >= 4 && name.includes(p)) score = 30 + p.length;
      else if (p.length >= 5 && similarity(p, name) >= 0.8) score = 20;
      if (score > best) {
        best = score;
        restParts = parts.filter((_, j) => j !== i && !/^(московская|моск|мо)\b/i.test(normalize(parts[j])));
        // 'Истра ул Ленина 5' without commas: what follows the name is the street.
        if (restParts.length === 0 && score >= 50) {
          const idx = normalize(part).indexOf(name);
          const tail = idx >= 0 ? part.slice(idx + place.name.length).replace(/^[\s,.]+/, "") : "";
          if (tail) restParts = [tail];
        }
      }
    }
    if (best > 0) scored.push({ place, score: best - kindRank(place.kind) / 10, rest: restParts.join(", ") });
  }
  scored.sort((a, b) => b.score - a.score);
  return scored.slice(0, count).map((s) => suggestionFor(s.place, s.rest));
}

export { REGION };
