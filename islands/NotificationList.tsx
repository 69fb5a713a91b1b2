import { useState } from "react";
import { formatAge, formatDateTime } from "../domain/format.ts";
import { notificationHref, notificationTypeLabels } from "../domain/notifications.ts";
import { Icon } from "../routes/_ui/Icon.tsx";
import { api } from "./api.ts";
import { toast, toastError } from "./toast.ts";
import type { NotificationItem } from "./NotificationBell.tsx";

/** /notifications: the full list; a click marks read and opens the task or object; check, delete, mark all. */
export default function NotificationList({ initial }: { initial: NotificationItem[] }) {
  const [items, setItems] = useState(initial);
  const unread = items.filter((n) => !n.isRead).length;

  async function markRead(n: NotificationItem, quiet = false) {
    try {
      await api(`/api/notifications/${n.id}/read`, { method: "PUT" });
      setItems((list) => list.map((x) => x.id === n.id ? { ...x, isRead: true } : x));
      if (!quiet) toast({ title: "Уведомление отмечено как прочитанное", variant: "success" });
    } catch {
      toastError("Не удалось отметить уведомление как прочитанное");
    }
  }

  async function remove(n: NotificationItem) {
    try {
      await api(`/api/notifications/${n.id}`, { method: "DELETE" });
      setItems((list) => list.filter((x) => x.id !== n.id));
      toast({ title: "Уведомление удалено", variant: "success" });
    } catch {
      toastError("Не удалось удалить уведомление");
    }
  }

  async function markAll() {
    try {
      await api("/api/notifications/mark-all-read", { method: "PUT" });
      setItems((list) => list.map((x) => ({ ...x, isRead: true })));
      toast({ title: "Все уведомления отмечены как прочитанные", variant: "success" });
    } catch {
      toastError("Не удалось отметить все уведомления как прочитанные");
    }
  }

  async function follow(n: NotificationItem) {
    if (!n.isRead) await markRead(n, true);
    location.assign(notificationHref(n));
  }

  return (
    <section className="card notification-page">
      <header className="card-head">
        <h2 className="card-title">{unread > 0 ? `Непрочитанных: ${unread}` : "Все прочитаны"}</h2>
        <button type="button" className="btn btn-secondary btn-sm" onClick={markAll} disabled={unread === 0}>
          <Icon name="check" size={16} /> Прочитать все
        </button>
      </header>
      {items.length === 0
        ? (
          <div className="empty">
            <Icon name="bell" size={40} />
            <p className="empty-text">Нет уведомлений</p>
          </div>
        )
        : (
          <ul className="notification-list">
            {items.map((n) => (
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
                <div className="notification-actions">
                  {!n.isRead && (
                    <button
                      type="button"
                      className="icon-btn"
                      aria-label="Отметить прочитанным"
                      onClick={() => markRead(n)}
                    >
                      <Icon name="check" />
                    </button>
                  )}
                  <button
                    type="button"
                    className="icon-btn"
                    aria-label="Удалить"
                    onClick={() =>
                      remove(n)}
                  >
                    <Icon name="trash" />
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
    </section>
  );
}
