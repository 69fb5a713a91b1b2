// GET /metrics: the registry of server/metrics.ts for Prometheus, only with `Authorization: Bearer
// METRICS_TOKEN`; without the token configured, or with another, the address does not exist (404).
import { Hono } from "hono";
import { timingSafeEqual } from "node:crypto";
import { pendingMessageCount } from "../db/outbox.ts";
import { outboxLength, registry } from "./metrics.ts";
import type { AppEnv } from "./types.ts";

function tokenMatches(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header?.startsWith("Bearer ")) return false;
  const given = new TextEncoder().encode(header.slice("Bearer ".length));
  const wanted = new TextEncoder().encode(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export const metricsRoutes = new Hono<AppEnv>().get("/metrics", async (c) => {
  const { env, db } = c.get("deps");
  if (!tokenMatches(c.req.header("Authorization"), env.METRICS_TOKEN)) return c.notFound();
  outboxLength.set(await pendingMessageCount(db));
  c.header("Cache-Control", "no-store");
  return c.body(await registry.metrics(), 200, { "Content-Type": registry.contentType });
});
