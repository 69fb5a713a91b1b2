import type { Context } from "hono";
import { renderPage } from "../server/render.tsx";
import type { AppEnv } from "../server/types.ts";
import { renderWorkPage } from "./_page.tsx";
import { EmptyState } from "../components/Card.tsx";

/** The shop section is switched on but not open yet: say so plainly, on every shop route. */
export default function shopPlaceholderPage(c: Context<AppEnv>) {
  const body = (
    <EmptyState
      icon="shop"
      text="Интернет-магазин скоро откроется"
      hint="Каталог станций очистки, калькуляторы, корзина и оформление заказа появятся в этом разделе."
      action={<a className="btn btn-primary" href="/">На главную</a>}
    />
  );
  if (c.get("user")) return renderWorkPage(c, { title: "Интернет-магазин", body });
  return renderPage(c, {
    title: "Интернет-магазин",
    bodyClass: "auth-page",
    body: <main className="auth-layout">{body}</main>,
  });
}
