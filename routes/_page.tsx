import type { Context } from "hono";
import type { ReactNode } from "react";
import { unreadCount } from "../db/notifications.ts";
import { renderPage } from "../server/render.tsx";
import { currentUser } from "../server/middleware/guard.ts";
import type { AppEnv } from "../server/types.ts";
import { Shell } from "./_layout.tsx";
import { moscowDate } from "../domain/dates.ts";

export interface WorkPage {
  title: string;
  subtitle?: ReactNode;
  action?: ReactNode;
  body: ReactNode;
}

/** Renders a signed-in page inside the navigation shell. */
export async function renderWorkPage(c: Context<AppEnv>, page: WorkPage, status: 200 | 403 | 404 = 200) {
  const user = currentUser(c);
  const { db, now } = c.get("deps");
  // A cached page's count was read with its key (server/page_cache.ts).
  const unread = c.get("unread") ?? await unreadCount(db, user.id);
  return renderPage(c, {
    title: page.title,
    body: (
      <Shell
        user={user}
        path={c.req.path}
        title={page.title}
        subtitle={page.subtitle}
        action={page.action}
        unread={unread}
        today={moscowDate(now())}
      >
        {page.body}
      </Shell>
    ),
  }, status);
}
