import { Hono } from "hono";
import { z } from "zod";
import {
  deleteNotification,
  listNotifications,
  markAllRead,
  markRead,
  NOTIFICATIONS_PAGE,
  unreadCount,
} from "../../db/notifications.ts";
import { notFound } from "../errors.ts";
import { currentUser, requireApi } from "../middleware/guard.ts";
import { firstOf, idText, limitQuery, validIdParam } from "../query.ts";
import { validate } from "../validate.ts";
import type { AppEnv } from "../types.ts";
import { unreadStamp } from "../versions.ts";

/** ?limit= (a page unless a whole number from 1 to 100) and ?before= a notification's id. */
const listQuery = z.object({ limit: limitQuery(NOTIFICATIONS_PAGE), before: z.optional(firstOf(idText)) });

/** Each user reads and changes only their own notifications; someone else's answers 404. */
export const notificationsApi = new Hono<AppEnv>()
  .use(requireApi())
  // The newest first; ?before= the last one a list shows gives the next older ones (404: not the user's).
  .get("/", validate("query", listQuery), async (c) => {
    const { db } = c.get("deps");
    const user = currentUser(c);
    const { limit, before } = c.req.valid("query");
    const [items, unread] = await Promise.all([
      listNotifications(db, user.id, { limit, before }),
      unreadCount(db, user.id),
    ]);
    if (!items) throw notFound();
    c.header("X-Unread-Count", String(unread));
    return c.json(items);
  })
  // The bell's poll (every 30 s from every open page): the count the page cache keeps per user and reads
  // again only after a commit (db/table_versions.ts unreadOf), not a count of the table per poll.
  .get("/unread-count", async (c) => {
    const user = currentUser(c);
    return c.json({ count: unreadStamp(c, user.id) ?? await unreadCount(c.get("deps").db, user.id) });
  })
  .put("/mark-all-read", async (c) => {
    const updated = await markAllRead(c.get("deps").db, currentUser(c).id);
    return c.json({ updated });
  })
  .put("/:id/read", validIdParam, async (c) => {
    if (!(await markRead(c.get("deps").db, currentUser(c).id, c.req.valid("param").id))) throw notFound();
    return c.json({ ok: true });
  })
  .delete("/:id", validIdParam, async (c) => {
    if (!(await deleteNotification(c.get("deps").db, currentUser(c).id, c.req.valid("param").id))) {
      throw notFound();
    }
    return c.json({ ok: true });
  });
