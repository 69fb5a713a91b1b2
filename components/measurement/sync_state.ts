// Where a measurement's values are, as the draft state line says it.

export type SyncState = "idle" | "device" | "sending" | "sent" | "offline";

/** The draft state line's text: where the values are. */
export function syncLabel(sync: SyncState): string {
  switch (sync) {
    case "device":
      return "Сохранено на устройстве";
    case "offline":
      return "Нет связи — сохранено на устройстве";
    case "sending":
      return "Отправка…";
    case "sent":
      return "Отправлено";
    default:
      return "Новый замер";
  }
}
