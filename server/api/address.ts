// GET /api/address/suggest?q=: address suggestions through DaData when DADATA_API_KEY is set (a server-side
// proxy with a timeout), otherwise, and whenever DaData fails, from the built-in gazetteer.
import { Hono } from "hono";
import { z } from "zod";
import { type AddressSuggestion, locate, suggestAddresses } from "../../domain/location/mod.ts";
import { requireApi } from "../middleware/guard.ts";
import type { AppEnv } from "../types.ts";
import { validate } from "../validate.ts";
import { queryText } from "../query.ts";

/** ?q= (or ?query=, as the old client sent it): the typed part of an address. */
const suggestQuery = z.object({ q: queryText, query: queryText });

const DADATA_URL = "https://suggestions.dadata.ru/suggestions/api/4_1/rs/suggest/address";
const TIMEOUT_MS = 3000;
const COUNT = 10;

interface DadataSuggestion {
  value: string;
  unrestricted_value?: string;
  data: Record<string, unknown> & {
    area?: string | null;
    city?: string | null;
    settlement?: string | null;
    geo_lat?: string | null;
    geo_lon?: string | null;
  };
}

/** Adds the district lookup, direction and ring-road distance to a DaData suggestion. */
export function enrich(s: DadataSuggestion): AddressSuggestion {
  const lat = s.data.geo_lat ? Number(s.data.geo_lat) : null;
  const lon = s.data.geo_lon ? Number(s.data.geo_lon) : null;
  const where = locate({
    settlement: s.data.settlement ?? null,
    city: s.data.city ?? null,
    area: s.data.area ?? null,
    address: s.value,
    latitude: lat,
    longitude: lon,
  });
  return {
    ...s,
    unrestricted_value: s.unrestricted_value ?? s.value,
    data: {
      ...s.data,
      district: where.district,
      direction: where.direction,
      distance_from_mkad: where.distanceFromMKAD,
    },
  } as AddressSuggestion;
}

/** Asks DaData; null on any failure (no key, timeout, error answer). */
export async function dadataSuggest(
  key: string,
  query: string,
  fetchFn: typeof fetch = fetch,
): Promise<AddressSuggestion[] | null> {
  try {
    const res = await fetchFn(DADATA_URL, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        Authorization: `Token ${key}`,
      },
      body: JSON.stringify({
        query,
        count: COUNT,
        locations: [{ region: "Москва" }, { region: "Московская" }],
        restrict_value: true,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) return null;
    const json = await res.json() as { suggestions?: DadataSuggestion[] };
    if (!Array.isArray(json.suggestions)) return null;
    return json.suggestions.slice(0, COUNT).map(enrich);
  } catch {
    return null;
  }
}

/** Overridable in tests. */
export const addressDeps = { fetch: (...args: Parameters<typeof fetch>) => fetch(...args) };

export const addressApi = new Hono<AppEnv>()
  .get("/suggest", requireApi(), validate("query", suggestQuery), async (c) => {
    const query = c.req.valid("query");
    const q = (query.q ?? query.query ?? "").trim().slice(0, 300);
    if (q.length < 3) return c.json({ suggestions: [], source: "none" });
    const key = c.get("deps").env.DADATA_API_KEY;
    if (key) {
      const fromDadata = await dadataSuggest(key, q, addressDeps.fetch);
      if (fromDadata && fromDadata.length > 0) return c.json({ suggestions: fromDadata, source: "dadata" });
    }
    return c.json({ suggestions: suggestAddresses(q, COUNT), source: "gazetteer" });
  });
