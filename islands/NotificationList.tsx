import { useState } from "react";
import { formatAge, formatDateTime } from "../domain/format.ts";
import { notificationTypeLabels } from "../domain/notifications.ts";
import { Icon } from "../components/Icon.tsx";
import {
  NotificationActions,
  type NotificationItem,
  useNotifications,
} from "../components/notifications.tsx";
import { call, client } from "../components/api.ts";
import { toastError } from "../components/toast.ts";
import { BusyButton } from "../components/BusyButton.tsx";

/**
 * /notifications: the newest `page` notifications, then «Показать ещё» for the next older ones; a click marks
 * read and opens the task or object; check, delete, mark all. `unread` is the user's whole unread count, `more`
 * whether older ones exist.
 */
export default function NotificationList(
  { initial, unread: unreadAtStart, more: moreAtStart, page }: {
    initial: NotificationItem[];
    unread: number;
    more: boolean;
    page: number;
  },
) {
  const { items, setItems, markRead, remove, markAll, follow } = useNotifications(initial);
  const list = items ?? [];
  const unreadShown = (shown: NotificationItem[]) => shown.filter((n) => !n.isRead).length;
  // The unread ones not loaded yet; with those in the list, the count the header shows.
  const [unreadBeyond, setUnreadBeyond] = useState(unreadAtStart - unreadShown(initial));
  const [more, setMore] = useState(moreAtStart);
  const [loading, setLoading] = useState(false);
  const unread = unreadBeyond + unreadShown(list);

  async function showMore() {
    const last = list[list.length - 1];
    if (!last) return;
    setLoading(true);
    try {
      // One more than a page tells whether older ones remain.
      const older = await call(
        client.notifications.$get({ query: { before: String(last.id), limit: String(page + 1) } }),
      );
      const next = older.slice(0, page);
      setUnreadBeyond((n) => Math.max(0, n - unreadShown(next)));
      setItems((shown) => [...(shown ?? []), ...next]);
      setMore(older.length > page);
    } catch {
      toastError("Не удалось загрузить уведомления");
    } finally {
      setLoading(false);
    }
  }

  async function readAll() {
    if (await markAll()) setUnreadBeyond(0);
  }

  return (
    <section className="card notification-page">
      <header className="card-head">
        <h2 className="card-title">{unread > 0 ? `Непрочитанных: ${unread}` : "Все прочитаны"}</h2>
        <button type="button" className="btn btn-secondary btn-sm" onClick={readAll} disabled={unread === 0}>
          <Icon name="check" size={16} /> Прочитать все
        </button>
      </header>
      {list.length === 0
        ? (
          <div className="empty">
            <Icon name="bell" size={40} />
            <p className="empty-text">Нет уведомлений</p>
          </div>
        )
        : (
          <ul className="notification-list">
            {list.map((n) => (
              <li key={n.id} className={n.isRead ? "notification-item" : "notification-item unread"}>
                <button
                  type="button"
                  className="notification-open"
                  onClick={() =>
                    follow(n)}
                >
                  <span className="bell-type">{notificationTypeLabels[n.type] ?? n.type}</span>
                  <strong className="notification-title">{n.title}</strong>
                  <span className="notification-message">{n.message}</span>
                  <time className="muted small" dateTime={n.createdAt} title={formatDateTime(n.createdAt)}>
                    {formatAge(n.createdAt)}
                  </time>
                </button>
                <NotificationActions
                  item={n}
                  className="notification-actions"
                  onRead={markRead}
                  onDelete={remove}
                />
              </li>
            ))}
          </ul>
        )}
      {more && (
        <BusyButton
          className="btn btn-secondary btn-block notification-more"
          onClick={showMore}
          busy={loading}
          busyLabel="Загрузка…"
        >
          Показать ещё
        </BusyButton>
      )}
    </section>
  );
}
