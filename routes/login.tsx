import type { Context } from "hono";
import { renderPage } from "../server/render.tsx";
import { Island } from "../server/island.tsx";
import { safeNext } from "../domain/auth.ts";
import type { AppEnv } from "../server/types.ts";
import LoginForm from "../islands/LoginForm.tsx";

/** /login: the sign-in and registration tabs; a signed-in visitor goes home. */
export default function loginPage(c: Context<AppEnv>) {
  if (c.get("user")) return c.redirect("/");
  const { env } = c.get("deps");
  return renderPage(c, {
    title: "Вход",
    bodyClass: "auth-page",
    body: (
      <main className="auth-layout">
        <div className="auth-intro">
          <a href="/landing" className="brand brand-lg">
            <span className="brand-mark" aria-hidden="true">ПС</span>
            <span>ПолеСмета</span>
          </a>
          <p>
            Замеры, сметы и работы по автономной канализации, скважинам и водоснабжению — в одной системе.
          </p>
        </div>
        <Island
          className="auth-card-wrap"
          component={LoginForm}
          props={{
            next: safeNext(c.req.query("next")),
            initialTab: c.req.query("tab") === "register" ? "register" : "login",
            yandexEnabled: Boolean(env.YANDEX_CLIENT_ID && env.YANDEX_CLIENT_SECRET),
          }}
        />
      </main>
    ),
  });
}
