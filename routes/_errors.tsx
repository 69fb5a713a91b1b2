import type { Context } from "hono";
import { renderPage } from "../server/render.tsx";
import type { AppEnv } from "../server/types.ts";
import { renderWorkPage } from "./_page.tsx";
import { Icon } from "../components/Icon.tsx";

function ErrorPanel({ icon, title, text }: { icon: string; title: string; text: string }) {
  return (
    <div className="error-panel card">
      <Icon name={icon} size={48} />
      <h2>{title}</h2>
      <p>{text}</p>
      <a className="btn btn-primary" href="/">На главную</a>
    </div>
  );
}

/** The 404 page, inside the shell for a signed-in user. */
export function notFoundPage(c: Context<AppEnv>) {
  const panel = (
    <ErrorPanel icon="search" title="Страница не найдена" text="Такой страницы нет. Проверьте адрес." />
  );
  if (c.get("user")) return renderWorkPage(c, { title: "404", body: panel }, 404);
  return renderPage(c, {
    title: "Страница не найдена",
    bodyClass: "auth-page",
    body: <main className="auth-layout">{panel}</main>,
  }, 404);
}

/** Access denied: the signed-in user's role may not open this page. */
export function accessDeniedPage(c: Context<AppEnv>, text = "У вас нет прав доступа к этой странице.") {
  return renderWorkPage(c, {
    title: "Доступ запрещен",
    body: <ErrorPanel icon="lock" title="Доступ запрещен" text={text} />,
  }, 403);
}
