// The request's id and its log line: every request gets an id (a proxy's X-Request-Id when it is a plain
// token, otherwise a new UUID), returned in X-Request-Id, written on its log line and its error's, and shown on
// the error page so a user can quote it. The line names the route pattern, never the address (which may carry
// a client link's token).
import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { httpDuration } from "./metrics.ts";
import { setAnswerHeader } from "./answer_header.ts";
import type { Logger } from "./log.ts";
import type { AppEnv } from "./types.ts";

const plainId = /^[A-Za-z0-9._-]{8,64}$/;

/** The request's id (set by requestLog(); "" outside a request it saw). */
export const requestIdOf = (c: Context<AppEnv>): string => c.get("requestId") ?? "";

/** Gives each request its id, then writes its line and times it for /metrics. */
export function requestLog(log: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const given = c.req.header("X-Request-Id");
    const requestId = given && plainId.test(given) ? given : crypto.randomUUID();
    c.set("requestId", requestId);
    const started = performance.now();
    await next();
    const ms = performance.now() - started;
    const route = routePath(c) || c.req.routePath;
    setAnswerHeader(c, "X-Request-Id", requestId);
    httpDuration.observe({ method: c.req.method, route, status: String(c.res.status) }, ms / 1000);
    const user = c.get("user");
    log.info("request", {
      requestId,
      method: c.req.method,
      route,
      status: c.res.status,
      ms: Math.round(ms * 10) / 10,
      userId: user?.id ?? null,
      companyId: user?.companyId ?? null,
    });
  };
}
