import { useState } from "react";
import { call, client } from "../components/api.ts";
import { toast, toastError } from "../components/toast.ts";

export interface CalendarFeedLinkProps {
  /** When the current link was issued («26.11.2026»), or null without one. */
  issued: string | null;
}

/**
 * «Подписаться в календаре» on the profile: a private iCalendar link of the person's tasks for
 * the phone's calendar. Only the link's hash is kept, so the link is shown once, when it is made; «Новая
 * ссылка» replaces it and «Отозвать ссылку» stops it (the old link answers 404).
 */
export default function CalendarFeedLink({ issued }: CalendarFeedLinkProps) {
  const [url, setUrl] = useState<string | null>(null);
  const [active, setActive] = useState(issued !== null);
  const [busy, setBusy] = useState(false);

  async function issue() {
    setBusy(true);
    try {
      const res = await call(client["calendar-feed"].$post());
      setUrl(res.url);
      setActive(true);
    } catch (e) {
      toastError(e instanceof Error ? e.message : "Не удалось создать ссылку");
    }
    setBusy(false);
  }

  async function revoke() {
    setBusy(true);
    try {
      await call(client["calendar-feed"].$delete());
      setUrl(null);
      setActive(false);
      toast({ title: "Ссылка отозвана", variant: "success" });
    } catch (e) {
      toastError(e instanceof Error ? e.message : "Не удалось отозвать ссылку");
    }
    setBusy(false);
  }

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Ссылка скопирована", variant: "success" });
    } catch {
      toastError("Не удалось скопировать: выделите ссылку и скопируйте её вручную");
    }
  }

  return (
    <section className="card stack-sm" aria-labelledby="calendar-feed">
      <h2 id="calendar-feed">Подписаться в календаре</h2>
      <p className="muted">
        Ваши задачи с адресом, телефоном клиента и временем визита появятся в календаре телефона. Ссылка
        личная: не пересылайте её.
      </p>
      {url && (
        <div className="stack-sm">
          <label htmlFor="calendar-feed-url">Ссылка для календаря</label>
          <input
            id="calendar-feed-url"
            className="feed-url"
            readOnly
            value={url}
            onFocus={(e) => e.target.select()}
          />
          <button type="button" className="btn btn-primary" onClick={copy}>Скопировать ссылку</button>
        </div>
      )}
      {!url && active && (
        <p>Ссылка выдана{issued ? ` ${issued}` : ""}. Чтобы увидеть её снова, создайте новую.</p>
      )}
      <div className="row">
        <button type="button" className="btn btn-outline" disabled={busy} onClick={issue}>
          {active ? "Новая ссылка" : "Получить ссылку"}
        </button>
        {active && (
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={revoke}>
            Отозвать ссылку
          </button>
        )}
      </div>
    </section>
  );
}
