import type { Context } from "hono";
import { listNotifications } from "../db/notifications.ts";
import { Island } from "../server/island.tsx";
import { currentUser } from "../server/middleware/guard.ts";
import type { AppEnv } from "../server/types.ts";
import NotificationList from "../islands/NotificationList.tsx";
import { renderWorkPage } from "./_page.tsx";

/** /notifications: the user's full notification list. */
export default async function notificationsPage(c: Context<AppEnv>) {
  const user = currentUser(c);
  const items = await listNotifications(c.get("deps").db, user.id, 200);
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
          }}
        />
      </div>
    ),
  });
}
