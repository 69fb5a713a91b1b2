import type { Context } from "hono";
import { listNotifications, NOTIFICATIONS_PAGE, unreadCount } from "../db/notifications.ts";
import { Island } from "../server/island.tsx";
import { currentUser } from "../server/middleware/guard.ts";
import type { AppEnv } from "../server/types.ts";
import NotificationList from "../islands/NotificationList.tsx";
import { renderWorkPage } from "./_page.tsx";

/** /notifications: the user's notifications, newest first, a page at a time. */
export default async function notificationsPage(c: Context<AppEnv>) {
  const user = currentUser(c);
  const { db } = c.get("deps");
  // One more than a page tells whether «Показать ещё» has anything to show.
  const [newest, unread] = await Promise.all([
    listNotifications(db, user.id, { limit: NOTIFICATIONS_PAGE + 1 }),
    c.get("unread") ?? unreadCount(db, user.id),
  ]);
  const items = newest!.slice(0, NOTIFICATIONS_PAGE);
  return renderWorkPage(c, {
    title: "Уведомления",
    subtitle: "Задачи, объекты и сметы, которые касаются вас",
    body: (
      <div className="narrow">
        <Island
          component={NotificationList}
          props={{
            initial: items.map((n) => ({
              id: n.id,
              type: n.type,
              title: n.title,
              message: n.message,
              isRead: n.isRead,
              createdAt: n.createdAt.toISOString(),
              relatedTaskId: n.relatedTaskId,
              relatedObjectId: n.relatedObjectId,
              relatedEstimateId: n.relatedEstimateId,
            })),
            unread,
            more: newest!.length > NOTIFICATIONS_PAGE,
            page: NOTIFICATIONS_PAGE,
          }}
        />
      </div>
    ),
  });
}
