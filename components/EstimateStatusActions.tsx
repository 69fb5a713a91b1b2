// The status steps of one estimate the role may take, as buttons: the estimates list, the estimate page and
// the field-work screen.
import { useState } from "react";
import { api } from "./api.ts";
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

/** Status buttons of one estimate. */
export function StatusActions({ id, status, role, onChanged, size = "sm" }: {
  id: number;
  status: EstimateStatus;
  role: Role;
  onChanged: (status: EstimateStatus) => void;
  size?: "sm" | "md";
}) {
  const [busy, setBusy] = useState(false);
  async function change(to: EstimateStatus) {
    setBusy(true);
    try {
      await api(`/api/estimates/${id}`, { method: "PATCH", body: { status: to } });
      onChanged(to);
      globalThis.dispatchEvent(
        new CustomEvent<EstimateStatusEvent>(ESTIMATE_STATUS_EVENT, { detail: { id, status: to } }),
      );
      toast({ title: "Успешно", description: `Статус сметы: ${estimateStatusLabels[to].label}` });
    } catch (error) {
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
    </>
  );
}
