import { formatAge, formatDateTime } from "../domain/format.ts";
import { notificationTypeLabels } from "../domain/notifications.ts";
import { Icon } from "../components/Icon.tsx";
import {
  NotificationActions,
  type NotificationItem,
  useNotifications,
} from "../components/notifications.tsx";

/** /notifications: the full list; a click marks read and opens the task or object; check, delete, mark all. */
export default function NotificationList({ initial }: { initial: NotificationItem[] }) {
  const { items, markRead, remove, markAll, follow } = useNotifications(initial);
  const list = items ?? [];
  const unread = list.filter((n) => !n.isRead).length;

  return (
    <section className="card notification-page">
      <header className="card-head">
        <h2 className="card-title">{unread > 0 ? `Непрочитанных: ${unread}` : "Все прочитаны"}</h2>
        <button type="button" className="btn btn-secondary btn-sm" onClick={markAll} disabled={unread === 0}>
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
    </section>
  );
}
