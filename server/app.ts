import { Hono } from "hono";
import { apiRoutes } from "./api_routes.ts";
import { csrf } from "hono/csrf";
import { secureHeaders } from "hono/secure-headers";
import { HTTPException } from "hono/http-exception";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { ApiError, constraintViolation, ruleViolation } from "./errors.ts";
import { isSecureRequest, sessionMiddleware } from "./middleware/session.ts";
import { compressedAnswers } from "./compression.ts";
import { answerAsset, staticFiles, stylesheetAsset } from "./static_files.ts";
import { allows } from "./middleware/guard.ts";
import { accountHeader, serviceWorkerRoute } from "./offline.ts";
import { type CacheRule, PageCache } from "./page_cache.ts";
import { pageRoutes } from "../routes/mod.ts";
import { accessDeniedPage, notFoundPage } from "../routes/_errors.tsx";
import type { AppDeps, AppEnv } from "./types.ts";
import { requestIdOf, requestLog } from "./request_log.ts";
import { setAnswerHeader } from "./answer_header.ts";
import { healthRoutes } from "./health.ts";
import { metricsRoutes } from "./metrics_route.ts";
import { routePath } from "hono/route";

const staticRoot = fileURLToPath(new URL("../static", import.meta.url));
/** Content-hashed URLs never change content, so browsers cache them for good. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * API answers cached like pages (server/page_cache.ts): the object list and an object's card (its details,
 * documents, videos and contract) that the objects page asks for again each time an object is opened.
 */
export const cachedApiRoutes: { path: string; cache: CacheRule }[] = [
  { path: "/api/objects", cache: { tables: ["objects", "object_notes"] } },
  { path: "/api/objects/:id{[0-9]+}", cache: { tables: ["objects", "object_notes", "tasks", "users"] } },
  {
    path: "/api/objects/:id{[0-9]+}/documents",
    cache: { tables: ["objects", "object_notes", "documents", "users"] },
  },
  { path: "/api/objects/:id{[0-9]+}/videos", cache: { tables: ["objects", "object_notes", "videos"] } },
  {
    path: "/api/contracts/object/:objectId",
    cache: {
      tables: ["objects", "contracts", "client_links", "customer_objects", "estimates", "payments", "users"],
    },
  },
];

/** Composes the application: security middleware, static files, the API routers and the pages. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    c.set("deps", deps);
    await next();
  });
  app.use(requestLog(deps.log));
  // The probes and the metrics come before everything else: no session, no database read for /healthz.
  app.route("/", healthRoutes);
  app.route("/", metricsRoutes);
  app.use(secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      mediaSrc: ["'self'", "blob:"],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    // HSTS over plain HTTP would pin browsers to an https that this install may not have.
    strictTransportSecurity: false,
  }));
  app.use(async (c, next) => {
    await next();
    if (isSecureRequest(c)) {
      setAnswerHeader(c, "Strict-Transport-Security", "max-age=15552000; includeSubDomains");
    }
  });
  // Form posts from another site are refused (JSON posts from another site are stopped by CORS preflight).
  app.use(csrf({
    origin: (origin, c) => origin === new URL(c.req.url).origin || origin === deps.env.PUBLIC_URL,
  }));

  // Static files come before the session check: they need no user, so they cost no database read.
  app.get("/_islands/*", staticFiles(join(staticRoot, "_islands"), "/_islands/", IMMUTABLE));
  const stylesheet = stylesheetAsset(deps.styles);
  app.get("/static/styles.css", (c) => answerAsset(c, stylesheet, IMMUTABLE));
  app.get("/static/*", staticFiles(staticRoot, "/static/", "public, max-age=3600"));

  app.use(compressedAnswers);
  // The service worker needs no session either; it must sit at the root for its scope to be the whole app.
  app.get("/sw.js", serviceWorkerRoute(deps));
  app.use(sessionMiddleware);
  app.use(accountHeader);
  const pageCache = new PageCache();
  for (const route of cachedApiRoutes) app.get(route.path, pageCache.middleware(route.cache));

  app.route("/api", apiRoutes);

  for (const route of pageRoutes) {
    app.get(
      route.path,
      (c, next) => {
        if (route.access === "public") return next();
        const user = c.get("user");
        if (!user) {
          const back = c.req.path + (new URL(c.req.url).search);
          return c.redirect(`/login?next=${encodeURIComponent(back)}`);
        }
        if (!allows(user, route.access)) return accessDeniedPage(c, route.denied);
        return next();
      },
      ...(route.cache ? [pageCache.middleware(route.cache)] : []),
      route.handler,
    );
  }

  app.notFound((c) => notFoundPage(c));

  app.onError((thrown, c) => {
    const isApi = c.req.path.startsWith("/api/");
    const error = constraintViolation(thrown) ?? ruleViolation(thrown) ?? thrown;
    if (error instanceof HTTPException) {
      if (isApi || error.status !== 404) {
        const body: Record<string, unknown> = { message: error.message };
        if (error instanceof ApiError && error.errors) body.errors = error.errors;
        if (!isApi && error.status === 403) return accessDeniedPage(c);
        return c.json(body, error.status);
      }
      return notFoundPage(c);
    }
    const requestId = requestIdOf(c);
    deps.log.error("error", {
      requestId,
      method: c.req.method,
      route: routePath(c) || c.req.routePath,
      stack: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    if (isApi) {
      return c.json({ message: "Внутренняя ошибка сервера. Повторите попытку позже.", requestId }, 500);
    }
    // The id is a UUID or a plain token (server/request_log.ts): nothing in it to escape.
    return c.html(
      "<!DOCTYPE html><meta charset=utf-8><title>Ошибка</title><p>Внутренняя ошибка сервера.</p>" +
        `<p>Код запроса: <code>${requestId}</code></p>`,
      500,
    );
  });

  return app;
}
