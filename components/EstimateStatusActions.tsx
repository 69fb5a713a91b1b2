// The status steps of one estimate the role may take, as buttons: the estimates list, the estimate page and
// the field-work screen.
import { useState } from "react";
import { ApiRequestError, call, client } from "./api.ts";
import { Dialog, DialogContent } from "./Dialog.tsx";
import { toast } from "./toast.ts";
import { errorMessage } from "./form.ts";
import { type EstimateStatus, nextStatuses, statusActionLabel } from "../domain/estimate_status.ts";
import { estimateStatusLabels } from "../domain/labels.ts";
import type { Role } from "../domain/roles.ts";

/** The window event a status change sends, so the estimate editor on the same page locks or unlocks. */
export const ESTIMATE_STATUS_EVENT = "estimate-status";
export interface EstimateStatusEvent {
  id: number;
  status: EstimateStatus;
}

/**
 * Status buttons of one estimate. Approving an estimate with alerts first asks «Утвердить всё равно?» and
 * sends the confirmation; the server refuses approval without it (409 naming the alerts, which opens the same
 * question when the page did not know them).
 */
export function StatusActions({ id, status, role, onChanged, size = "sm", alerts = [] }: {
  id: number;
  status: EstimateStatus;
  role: Role;
  onChanged: (status: EstimateStatus) => void;
  size?: "sm" | "md";
  /** The estimate's alerts, when the page knows them. */
  alerts?: readonly string[];
}) {
  const [busy, setBusy] = useState(false);
  /** The alerts the approver is asked to confirm; null while not asking. */
  const [asking, setAsking] = useState<readonly string[] | null>(null);
  async function change(to: EstimateStatus, confirmAlerts = false) {
    if (to === "approved" && !confirmAlerts && alerts.length > 0) {
      setAsking(alerts);
      return;
    }
    setBusy(true);
    try {
      await call(client.estimates[":id{[0-9]+}"].$patch({
        param: { id: String(id) },
        json: confirmAlerts ? { status: to, confirmAlerts: true } : { status: to },
      }));
      setAsking(null);
      onChanged(to);
      globalThis.dispatchEvent(
        new CustomEvent<EstimateStatusEvent>(ESTIMATE_STATUS_EVENT, { detail: { id, status: to } }),
      );
      toast({ title: "Успешно", description: `Статус сметы: ${estimateStatusLabels[to].label}` });
    } catch (error) {
      const named = error instanceof ApiRequestError && error.status === 409
        ? error.errors.confirmAlerts
        : null;
      if (to === "approved" && named?.length) {
        setAsking(named);
        return;
      }
      toast({
        title: "Ошибка",
        description: `Не удалось изменить статус сметы: ${errorMessage(error)}`,
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      {nextStatuses(role, status).map((to) => (
        <button
          key={to}
          type="button"
          className={`btn ${
            to === "approved" ? "btn-success" : to === "rejected" ? "btn-danger" : "btn-secondary"
          }${size === "sm" ? " btn-sm" : ""}`}
          disabled={busy}
          onClick={() => change(to)}
        >
          {statusActionLabel(status, to)}
        </button>
      ))}
      <Dialog
        open={asking !== null}
        title="Утвердить смету с предупреждениями?"
        onClose={() => setAsking(null)}
        className="alerts-confirm"
      >
        <DialogContent
          footer={
            <>
              <button type="button" className="btn btn-secondary" onClick={() => setAsking(null)}>
                Отмена
              </button>
              <button
                type="button"
                className="btn btn-danger"
                disabled={busy}
                onClick={() => change("approved", true)}
                data-testid="confirm-alerts"
              >
                Утвердить всё равно
              </button>
            </>
          }
        >
          <p>Смета содержит предупреждения, которые меняют состав работ:</p>
          <ul className="alerts-confirm-list">{(asking ?? []).map((a, i) => <li key={i}>{a}</li>)}</ul>
          <p>
            <strong>Утвердить всё равно?</strong> Ваше подтверждение будет записано в смете.
          </p>
        </DialogContent>
      </Dialog>
    </>
  );
}
