// /api/objects: list (filters, search, pagination), create, read, edit. Editing needs an object-editor role.
import { Hono } from "hono";
import * as z from "zod";
import {
  createObject,
  findObject,
  listObjects,
  objectDistricts,
  objectJson,
  objectTasks,
  updateObject,
} from "../../db/objects.ts";
import {
  normalizeObjectInput,
  objectCreateSchema,
  objectPatchSchema,
  objectStatuses,
  workTypes,
} from "../../domain/objects.ts";
import { locate } from "../../domain/location/mod.ts";
import { objectEditorRoles, staffRoles, statusOverrideRoles } from "../../domain/roles.ts";
import { STATUS_FOLLOWS_EVENTS, statusOverrideSchema } from "../../domain/job_status.ts";
import { setStatusOverride, statusOverrideView } from "../../db/job_status.ts";
import { invalid, notFound } from "../errors.ts";
import { findCompany } from "../../db/companies.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import { validate } from "../validate.ts";
import { validIdParam } from "../query.ts";
import type { AppEnv } from "../types.ts";
import { objectDocumentsApi } from "./documents.ts";
import { objectVideosApi } from "./videos.ts";
import { scopeOf } from "../../db/scope.ts";

const listQuery = z.object({
  status: z.enum(objectStatuses).optional().catch(undefined),
  workType: z.enum(workTypes).optional().catch(undefined),
  district: z.string().trim().max(100).optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
  pageSize: z.coerce.number().int().min(1).max(200).optional().catch(undefined),
});

// The body is normalized («31 км», "" for none) before the shared schema checks it, as the form does.
const createBody = z.preprocess(normalizeObjectInput, objectCreateSchema);
const patchBody = z.preprocess(normalizeObjectInput, objectPatchSchema);

/** Fills district, direction and distance the client left empty, from the coordinates or the settlement. */
function fillLocation<
  T extends {
    address?: string | null;
    settlement?: string | null;
    city?: string | null;
    district?: string | null;
    direction?: string | null;
    distanceFromMKAD?: number | null;
    latitude?: number | null;
    longitude?: number | null;
    coordinates?: string | null;
  },
>(input: T): T {
  if (
    input.district && input.direction && input.distanceFromMKAD !== null &&
    input.distanceFromMKAD !== undefined
  ) {
    return input;
  }
  let { latitude, longitude } = input;
  if ((latitude === null || latitude === undefined) && input.coordinates) {
    const m = input.coordinates.match(/(-?\d+(?:\.\d+)?)\s*[,; ]\s*(-?\d+(?:\.\d+)?)/);
    if (m) [latitude, longitude] = [Number(m[1]), Number(m[2])];
  }
  const where = locate({
    address: input.address,
    settlement: input.settlement,
    city: input.city,
    latitude,
    longitude,
  });
  return {
    ...input,
    district: input.district || where.district,
    direction: input.direction || where.direction,
    distanceFromMKAD: input.distanceFromMKAD ?? where.distanceFromMKAD,
    latitude: latitude ?? null,
    longitude: longitude ?? null,
  };
}

export const objectsApi = new Hono<AppEnv>()
  .get("/", requireApi(staffRoles), validate("query", listQuery), async (c) => {
    const user = currentUser(c);
    const f = c.req.valid("query");
    const { rows, total, page, pageSize } = await listObjects(c.get("deps").db, companyScope(user), f);
    c.header("X-Total-Count", String(total));
    c.header("X-Page", String(page));
    c.header("X-Page-Size", String(pageSize));
    return c.json(rows.map((r) => objectJson(r)));
  })
  .get("/districts", requireApi(staffRoles), async (c) => {
    return c.json(await objectDistricts(c.get("deps").db, companyScope(currentUser(c))));
  })
  .post("/", requireApi(objectEditorRoles), validate("json", createBody), async (c) => {
    const user = currentUser(c);
    const input = fillLocation(c.req.valid("json"));
    // A system administrator may create for any company; everyone else for their own.
    const companyId = user.role === "system_admin" ? (input.companyId ?? user.companyId) : user.companyId;
    if (!companyId) throw invalid({ companyId: ["Выберите компанию"] });
    const { db, now } = c.get("deps");
    if (companyId !== user.companyId && !await findCompany(db, scopeOf(null), companyId)) {
      throw invalid({ companyId: ["Компания не найдена"] });
    }
    const row = await createObject(db, { ...input, companyId }, { userId: user.id, now: now() });
    return c.json(objectJson(row), 201);
  })
  .get("/:id{[0-9]+}", requireApi(staffRoles), validIdParam, async (c) => {
    const user = currentUser(c);
    const { db } = c.get("deps");
    const row = await findObject(db, companyScope(user), c.req.valid("param").id);
    if (!row) throw notFound("Объект не найден");
    return c.json(objectJson(row, { tasks: await objectTasks(db, row.id) }));
  })
  .patch(
    "/:id{[0-9]+}",
    requireApi(objectEditorRoles),
    validIdParam,
    validate("json", patchBody),
    async (c) => {
      const user = currentUser(c);
      const { id } = c.req.valid("param");
      const { db, now } = c.get("deps");
      const scope = companyScope(user);
      let input = c.req.valid("json");
      // A new place without its district, direction or distance gets them recomputed.
      const moved = input.settlement !== undefined || input.latitude !== undefined ||
        input.address !== undefined;
      if (
        moved &&
        (input.district === undefined || input.direction === undefined ||
          input.distanceFromMKAD === undefined)
      ) {
        const before = await findObject(db, scope, id);
        if (!before) throw notFound("Объект не найден");
        const located = fillLocation({
          address: input.address ?? before.address,
          settlement: input.settlement ?? before.settlement,
          city: input.city ?? before.city,
          latitude: input.latitude !== undefined ? input.latitude : before.latitude,
          longitude: input.longitude !== undefined ? input.longitude : before.longitude,
          district: input.district,
          direction: input.direction,
          distanceFromMKAD: input.distanceFromMKAD,
        });
        input = {
          ...input,
          district: input.district !== undefined ? input.district : located.district,
          direction: input.direction !== undefined ? input.direction : located.direction,
          distanceFromMKAD: input.distanceFromMKAD !== undefined
            ? input.distanceFromMKAD
            : located.distanceFromMKAD,
        };
      }
      delete (input as { companyId?: unknown }).companyId;
      if (input.status !== undefined) {
        const before = await findObject(db, scope, id);
        if (!before) throw notFound("Объект не найден");
        if (before.status !== input.status) throw invalid({ status: [STATUS_FOLLOWS_EVENTS] });
      }
      const row = await updateObject(db, scope, id, input, { userId: user.id, now: now() });
      if (!row) throw notFound("Объект не найден");
      return c.json(objectJson(row));
    },
  )
  .get("/:id{[0-9]+}/status-override", requireApi(statusOverrideRoles), validIdParam, async (c) => {
    const view = await statusOverrideView(
      c.get("deps").db,
      companyScope(currentUser(c)),
      c.req.valid("param").id,
    );
    if (!view) throw notFound("Объект не найден");
    return c.json(view);
  })
  .put(
    "/:id{[0-9]+}/status-override",
    requireApi(statusOverrideRoles),
    validIdParam,
    validate("json", statusOverrideSchema),
    async (c) => {
      const user = currentUser(c);
      const { id } = c.req.valid("param");
      const { db, now } = c.get("deps");
      const body = c.req.valid("json");
      const done = await setStatusOverride(db, companyScope(user), id, body, { id: user.id, now: now() });
      if (!done) throw notFound("Объект не найден");
      const row = await findObject(db, companyScope(user), id);
      return c.json(objectJson(row!));
    },
  )
  .route("/:id{[0-9]+}/documents", objectDocumentsApi)
  .route("/:id{[0-9]+}/videos", objectVideosApi);
