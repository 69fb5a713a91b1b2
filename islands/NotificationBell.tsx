import { useCallback, useEffect, useRef, useState } from "react";
import { formatAge } from "../domain/format.ts";
import { notificationHref, notificationTypeLabels } from "../domain/notifications.ts";
import { Icon } from "../routes/_ui/Icon.tsx";
import { api } from "./api.ts";
import { toast, toastError } from "./toast.ts";

export interface NotificationItem {
  id: number;
  type: keyof typeof notificationTypeLabels;
  title: string;
  message: string;
  isRead: boolean;
  createdAt: string;
  relatedTaskId: number | null;
  relatedEstimateId: number | null;
  relatedObjectId: number | null;
}

const POLL_MS = 30_000;

/** The header bell: unread count polled every 30 s, and a dropdown of the latest notifications. */
export default function NotificationBell({ initialUnread }: { initialUnread: number }) {
  const [unread, setUnread] = useState(initialUnread);
  const [items, setItems] = useState<NotificationItem[] | null>(null);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  const load = useCallback(async () => {
    try {
      const list = await api<NotificationItem[]>("/api/notifications");
      setItems(list);
      setUnread(list.filter((n) => !n.isRead).length);
    } catch {
      // A failed poll keeps the last known state; the next poll tries again.
    }
  }, []);

  useEffect(() => {
    const timer = setInterval(load, POLL_MS);
    return () => clearInterval(timer);
  }, [load]);

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

  async function markRead(n: NotificationItem, quiet = false) {
    try {
      await api(`/api/notifications/${n.id}/read`, { method: "PUT" });
      setItems((list) => list?.map((x) => x.id === n.id ? { ...x, isRead: true } : x) ?? null);
      if (!n.isRead) setUnread((u) => Math.max(0, u - 1));
      if (!quiet) toast({ title: "Уведомление отмечено как прочитанное", variant: "success" });
    } catch {
      toastError("Не удалось отметить уведомление как прочитанное");
    }
  }

  async function remove(n: NotificationItem) {
    try {
      await api(`/api/notifications/${n.id}`, { method: "DELETE" });
      setItems((list) => list?.filter((x) => x.id !== n.id) ?? null);
      if (!n.isRead) setUnread((u) => Math.max(0, u - 1));
      toast({ title: "Уведомление удалено", variant: "success" });
    } catch {
      toastError("Не удалось удалить уведомление");
    }
  }

  async function markAll() {
    try {
      await api("/api/notifications/mark-all-read", { method: "PUT" });
      setItems((list) => list?.map((x) => ({ ...x, isRead: true })) ?? null);
      setUnread(0);
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
                <div className="bell-actions">
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
                  <button type="button" className="icon-btn" aria-label="Удалить" onClick={() => remove(n)}>
                    <Icon name="trash" />
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <a className="bell-all" href="/notifications">Все уведомления</a>
        </div>
      )}
    </div>
  );
}
