// The API's type and nothing else: the one module of server/ that islands and components may import, and only
// with `import type` (architecture_test.ts), so no server code reaches a bundle.
import type { apiRoutes } from "./api_routes.ts";

/** The chained `/api` routers (server/api_routes.ts): the type Hono's `hc` client is built from. */
export type Api = typeof apiRoutes;
