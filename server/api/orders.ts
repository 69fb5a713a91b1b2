// /api/orders: the staff's orders of their company (system_admin: every company). Another company's
// order answers 404.
import { Hono } from "hono";
import * as z from "zod/mini";
import { findOrder, listOrders, OrderConflictError, updateOrder } from "../../db/shop_orders.ts";
import { orderPatchSchema, orderStatuses, shopStaffRoles } from "../../domain/shop.ts";
import { ApiError, notFound } from "../errors.ts";
import { companyScope, currentUser, requireApi } from "../middleware/guard.ts";
import { validate } from "../validate.ts";
import { pageNumber, validIdParam } from "../query.ts";
import type { AppEnv } from "../types.ts";

const day = z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, "Дата в формате ГГГГ-ММ-ДД")));
const listQuery = z.object({
  status: z.optional(z.enum(orderStatuses, "Неизвестный статус")),
  from: day,
  to: day,
  // The one page parser: 1 when absent or not a page, at most MAX_PAGE (1e400 is no page).
  page: z.optional(z.pipe(z.string(), z.transform((v: string) => pageNumber(v)))),
});

export const ordersApi = new Hono<AppEnv>()
  .use(requireApi(shopStaffRoles))
  .get("/", validate("query", listQuery), async (c) => {
    const result = await listOrders(c.get("deps").db, companyScope(currentUser(c)), c.req.valid("query"));
    c.header("X-Total-Count", String(result.total));
    return c.json(result);
  })
  .get("/:id", validIdParam, async (c) => {
    const order = await findOrder(c.get("deps").db, companyScope(currentUser(c)), c.req.valid("param").id);
    if (!order) throw notFound("Заказ не найден");
    return c.json(order);
  })
  .patch("/:id", validIdParam, validate("json", orderPatchSchema), async (c) => {
    try {
      const order = await updateOrder(
        c.get("deps").db,
        companyScope(currentUser(c)),
        c.req.valid("param").id,
        c.req.valid("json"),
        c.get("deps").now(),
        { origin: c.get("deps").env.PUBLIC_URL ?? new URL(c.req.url).origin },
      );
      if (!order) throw notFound("Заказ не найден");
      return c.json(order);
    } catch (e) {
      if (e instanceof OrderConflictError) throw new ApiError(409, e.message);
      throw e;
    }
  });
