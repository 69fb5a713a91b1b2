// /unsubscribe/:token: the link at the end of every reminder. The page asks once («Отписаться»), the form posts to
// POST /api/unsubscribe/:token, which comes back here with ?done=1. Documents to sign still come (domain/client_messages.ts).
import type { Context } from "hono";
import { renderPage } from "../server/render.tsx";
import type { AppEnv } from "../server/types.ts";
import { Card } from "../components/Card.tsx";
import { companyOfUnsubscribeToken } from "../db/outbox.ts";

export default async function unsubscribePage(c: Context<AppEnv>) {
  const token = c.req.param("token") ?? "";
  const done = c.req.query("done") === "1";
  const company = await companyOfUnsubscribeToken(c.get("deps").db, token);
  return renderPage(c, {
    title: "Отписка от напоминаний",
    bodyClass: "client-page",
    body: (
      <main className="client-layout">
        <Card>
          <h1 className="client-title">Отписка от напоминаний</h1>
          {done
            ? (
              <p role="status" data-testid="unsubscribed">
                {`Вы отписались от напоминаний${
                  company ? ` компании ${company}` : ""
                }. Письма с документами ` +
                  "на подпись (смета, договор, акт) будут приходить по-прежнему."}
              </p>
            )
            : (
              <form method="post" action={`/api/unsubscribe/${encodeURIComponent(token)}`} className="stack">
                <p>
                  Больше не присылать напоминания об оплате, выездах и заказах на этот адрес. Письма с
                  документами на подпись будут приходить по-прежнему.
                </p>
                <button type="submit" className="btn btn-primary">Отписаться</button>
              </form>
            )}
        </Card>
      </main>
    ),
  });
}
