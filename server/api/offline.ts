import { Hono } from "hono";
import { listTasks } from "../../db/tasks.ts";
import { visitsOfTasks } from "../../db/service_visits.ts";
import { objectForEstimate } from "../../db/estimates.ts";
import { activePriceList } from "../../db/price_lists.ts";
import { findEquipmentPrice } from "../../db/companies.ts";
import { defaultEquipmentPrice } from "../../estimating/mod.ts";
import type { FieldWorkBundle } from "../../components/offline/urls.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import { forbidden } from "../errors.ts";
import type { AppEnv } from "../types.ts";

/** The tasks a surveyor works on away from the office: waiting or in progress. */
const fieldStatuses = new Set(["assigned", "pending", "in_progress"]);

/**
 * GET /api/offline/field-work: what the surveyor's phone caches to measure and price with no
 * signal: the surveyor's own open tasks (a service visit's with its visit) with their objects as the estimate generator reads them, and the
 * company's active price list and equipment-price basis. Only the signed-in surveyor's own tasks of their own company.
 */
export const offlineApi = new Hono<AppEnv>()
  .use(requireApi(["measurement_engineer"]))
  .get("/field-work", async (c) => {
    const user = currentUser(c);
    if (user.companyId === null) throw forbidden();
    const scope = companyScope(user);
    const { db, now } = c.get("deps");
    const own = await listTasks(db, scope, { now: now(), assignedTo: user.id, limit: 200 });
    const tasks: FieldWorkBundle["tasks"] = [];
    const visits = await visitsOfTasks(db, user.companyId, own.map((t) => t.id));
    for (const t of own) {
      if (!t.object || !fieldStatuses.has(t.storedStatus)) continue;
      const object = await objectForEstimate(db, scope, t.object.id);
      if (!object) continue;
      tasks.push({
        id: t.id,
        objectId: object.id,
        title: t.title,
        status: t.storedStatus,
        workType: object.workType,
        serviceVisitId: visits.get(t.id) ?? null,
        object: {
          address: object.address,
          clientName: object.clientName ?? "",
          clientPhone: object.clientPhone ?? "",
          distanceFromMKAD: object.distanceFromMKAD,
        },
      });
    }
    const list = await activePriceList(db, user.companyId);
    const engineUrl = c.get("deps").islands.engine;
    if (!engineUrl) throw new Error("The island manifest has no engine; run the build");
    const bundle: FieldWorkBundle = {
      account: user.id,
      engineUrl,
      priceList: list ? { id: list.id, name: list.name, items: list.items } : null,
      equipmentPrice: (await findEquipmentPrice(db, user.companyId)) ?? defaultEquipmentPrice,
      tasks,
    };
    c.header("Cache-Control", "private, no-cache");
    return c.json(bundle);
  });
