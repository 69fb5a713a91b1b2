import { useState } from "react";
import { ApiRequestError, call, client } from "../components/api.ts";
import { toast, toastAfterNavigation, toastError } from "../components/toast.ts";
import { TextField } from "../components/Field.tsx";
import { type OrderStatus, orderStatusLabels } from "../domain/shop.ts";
import { BusyButton } from "../components/BusyButton.tsx";

export interface OrderManagerProps {
  id: number;
  status: OrderStatus;
  nextStatuses: OrderStatus[];
  managerNotes: string | null;
  estimatedDeliveryDate: string | null;
  actualDeliveryDate: string | null;
}

/** The manager's side of an order: the next status (or cancel), notes and delivery dates. */
export default function OrderManager(props: OrderManagerProps) {
  const [notes, setNotes] = useState(props.managerNotes ?? "");
  const [estimated, setEstimated] = useState(props.estimatedDeliveryDate ?? "");
  const [actual, setActual] = useState(props.actualDeliveryDate ?? "");
  const [busy, setBusy] = useState<string | null>(null);

  async function move(status: OrderStatus) {
    if (status === "cancelled" && !confirm("Отменить заказ? Товары вернутся на склад.")) return;
    setBusy(status);
    try {
      await call(client.orders[":id"].$patch({ param: { id: String(props.id) }, json: { status } }));
      toastAfterNavigation({
        title: "Статус обновлен",
        description: orderStatusLabels[status],
        variant: "success",
      });
      location.reload();
    } catch (e) {
      toastError(e instanceof ApiRequestError ? e.message : String(e), "Не удалось изменить статус");
      setBusy(null);
    }
  }

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setBusy("save");
    try {
      await call(client.orders[":id"].$patch({
        param: { id: String(props.id) },
        json: { managerNotes: notes, estimatedDeliveryDate: estimated, actualDeliveryDate: actual },
      }));
      toast({ title: "Сохранено", variant: "success" });
    } catch (e) {
      toastError(e instanceof ApiRequestError ? e.message : String(e), "Не удалось сохранить");
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="order-manager">
      {props.nextStatuses.length > 0 && (
        <div className="order-moves">
          {props.nextStatuses.map((s) => (
            <BusyButton
              key={s}
              className={s === "cancelled" ? "btn btn-danger" : "btn btn-primary"}
              onClick={() => move(s)}
              busy={busy === s}
              disabled={busy !== null}
              spinner
            >
              {s === "cancelled" ? "Отменить заказ" : `Перевести: ${orderStatusLabels[s]}`}
            </BusyButton>
          ))}
        </div>
      )}
      <form onSubmit={save} className="order-notes">
        <TextField
          id="om-estimated"
          label="Ожидаемая дата доставки"
          type="date"
          value={estimated}
          onValue={setEstimated}
        />
        <TextField
          id="om-actual"
          label="Фактическая дата доставки"
          type="date"
          value={actual}
          onValue={setActual}
        />
        <TextField
          id="om-notes"
          label="Заметки менеджера"
          hint="Видны только сотрудникам"
          multiline
          rows={3}
          value={notes}
          onValue={setNotes}
        />
        <button className="btn btn-secondary" type="submit" disabled={busy !== null}>Сохранить</button>
      </form>
    </div>
  );
}
