// The notification actions shared by the header bell and the /notifications page, with the spec's toasts.
import { useState } from "react";
import { notificationHref, type notificationTypeLabels } from "../domain/notifications.ts";
import { call, client } from "./api.ts";
import { toast, toastError } from "./toast.ts";
import { Icon } from "./Icon.tsx";

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

/**
 * The list (null until loaded) and what can be done to it: mark read, delete, mark all (answering whether the
 * server took it; a refusal is told in a toast), follow.
 */
export function useNotifications(initial: NotificationItem[] | null) {
  const [items, setItems] = useState(initial);
  const change = (fn: (list: NotificationItem[]) => NotificationItem[]) =>
    setItems((list) => list && fn(list));

  async function markRead(n: NotificationItem, quiet = false) {
    try {
      await call(client.notifications[":id"].read.$put({ param: { id: String(n.id) } }));
      change((list) => list.map((x) => x.id === n.id ? { ...x, isRead: true } : x));
      if (!quiet) toast({ title: "Уведомление отмечено как прочитанное", variant: "success" });
    } catch {
      toastError("Не удалось отметить уведомление как прочитанное");
    }
  }

  async function remove(n: NotificationItem) {
    try {
      await call(client.notifications[":id"].$delete({ param: { id: String(n.id) } }));
      change((list) => list.filter((x) => x.id !== n.id));
      toast({ title: "Уведомление удалено", variant: "success" });
    } catch {
      toastError("Не удалось удалить уведомление");
    }
  }

  async function markAll() {
    try {
      await call(client.notifications["mark-all-read"].$put());
      change((list) => list.map((x) => ({ ...x, isRead: true })));
      toast({ title: "Все уведомления отмечены как прочитанные", variant: "success" });
      return true;
    } catch {
      toastError("Не удалось отметить все уведомления как прочитанные");
      return false;
    }
  }

  /** A click marks it read and opens its estimate, task or object. */
  async function follow(n: NotificationItem) {
    if (!n.isRead) await markRead(n, true);
    location.assign(notificationHref(n));
  }

  return { items, setItems, markRead, remove, markAll, follow };
}

/** A notification's buttons: mark it read (while unread) and delete it. */
export function NotificationActions({ item, className, onRead, onDelete }: {
  item: NotificationItem;
  className: string;
  onRead: (item: NotificationItem) => void;
  onDelete: (item: NotificationItem) => void;
}) {
  return (
    <div className={className}>
      {!item.isRead && (
        <button
          type="button"
          className="icon-btn"
          aria-label="Отметить прочитанным"
          onClick={() => onRead(item)}
        >
          <Icon name="check" />
        </button>
      )}
      <button type="button" className="icon-btn" aria-label="Удалить" onClick={() => onDelete(item)}>
        <Icon name="trash" />
      </button>
    </div>
  );
}
