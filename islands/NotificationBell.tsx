import { useEffect, useRef, useState } from "react";
import { formatAge } from "../domain/format.ts";
import { notificationTypeLabels } from "../domain/notifications.ts";
import { Icon } from "../components/Icon.tsx";
import { call, client } from "../components/api.ts";
import { NotificationActions, useNotifications } from "../components/notifications.tsx";

const POLL_MS = 30_000;

/** The header bell: the unread count polled every 30 s, and a dropdown of the latest notifications. */
export default function NotificationBell({ initialUnread }: { initialUnread: number }) {
  const { items, setItems, markRead, remove, markAll, follow } = useNotifications(null);
  const [polledUnread, setPolledUnread] = useState(initialUnread);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  // Once the list is loaded it is the truth; before that, the count the server last gave.
  const unread = items ? items.filter((n) => !n.isRead).length : polledUnread;

  async function load() {
    try {
      setItems(await call(client.notifications.$get({ query: {} })));
    } catch {
      // The dropdown says it is loading; the next opening tries again.
    }
  }

  useEffect(() => {
    const poll = async () => {
      try {
        const { count } = await call(client.notifications["unread-count"].$get());
        setPolledUnread(count);
        // A loaded list that no longer matches the count is stale: reload it on the next opening.
        setItems((list) => list && list.filter((n) => !n.isRead).length === count ? list : null);
      } catch {
        // A failed poll keeps the last known count; the next poll tries again.
      }
    };
    const timer = setInterval(poll, POLL_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === "Escape" : !root.current?.contains(e.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);

  return (
    <div className="bell" ref={root}>
      <button
        type="button"
        className="icon-btn"
        aria-label={unread ? `Уведомления: ${unread} непрочитанных` : "Уведомления"}
        aria-expanded={open}
        onClick={() => {
          setOpen(!open);
          if (!open) load();
        }}
      >
        <Icon name="bell" />
        {unread > 0 && <span className="bell-count">{unread > 99 ? "99+" : unread}</span>}
      </button>
      {open && (
        <div className="bell-panel card" role="dialog" aria-label="Уведомления">
          <div className="bell-head">
            <strong>Уведомления</strong>
            <button type="button" className="btn btn-ghost btn-sm" onClick={markAll} disabled={unread === 0}>
              Прочитать все
            </button>
          </div>
          <ul className="bell-list">
            {items === null && <li className="muted bell-empty">Загрузка…</li>}
            {items?.length === 0 && <li className="muted bell-empty">Нет уведомлений</li>}
            {items?.map((n) => (
              <li key={n.id} className={n.isRead ? "bell-item" : "bell-item unread"}>
                <button type="button" className="bell-open" onClick={() => follow(n)}>
                  <span className="bell-type">{notificationTypeLabels[n.type] ?? n.type}</span>
                  <span className="bell-title">{n.title}</span>
                  <span className="bell-message">{n.message}</span>
                  <span className="bell-time">{formatAge(n.createdAt)}</span>
                </button>
                <NotificationActions item={n} className="bell-actions" onRead={markRead} onDelete={remove} />
              </li>
            ))}
          </ul>
          <a className="bell-all" href="/notifications">Все уведомления</a>
        </div>
      )}
    </div>
  );
}
