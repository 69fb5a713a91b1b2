// «Перенести» of a service visit (the «Обслуживание» page): a new day and/or another assignee, with the
// reason, posted to /api/service/visits/:id/move; the page reloads with the toast.
import { useState } from "react";
import { ApiRequestError, call, client } from "../components/api.ts";
import { Dialog, DialogContent, SubmitFooter } from "../components/Dialog.tsx";
import { SelectField, TextField } from "../components/Field.tsx";
import { toastAfterNavigation, toastError } from "../components/toast.ts";

export interface MoveVisitDialogProps {
  visitId: number;
  plannedOn: string;
  assignedTo: number | null;
  /** The service staff to choose from. */
  staff: { id: number; name: string }[];
  /** The earliest day allowed (today, Moscow). */
  minDay: string;
  address: string;
}

export default function MoveVisitDialog(props: MoveVisitDialogProps) {
  const [open, setOpen] = useState(false);
  const [plannedOn, setPlannedOn] = useState(props.plannedOn);
  const [assignedTo, setAssignedTo] = useState(props.assignedTo ? String(props.assignedTo) : "");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const id = `move-${props.visitId}`;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await call(client.service.visits[":id"].move.$post({
        param: { id: String(props.visitId) },
        json: {
          ...(plannedOn !== props.plannedOn ? { plannedOn } : {}),
          ...(assignedTo && assignedTo !== String(props.assignedTo)
            ? { assignedTo: Number(assignedTo) }
            : {}),
          reason,
        },
      }));
      toastAfterNavigation({ title: "Визит перенесён", variant: "success" });
      location.reload();
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 422) setErrors(error.errors);
      else toastError(error instanceof Error ? error.message : "Не удалось перенести визит");
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => setOpen(true)}>
        Перенести
      </button>
      <Dialog open={open} title={`Перенести визит: ${props.address}`} onClose={() => setOpen(false)}>
        <DialogContent
          onSubmit={submit}
          footer={<SubmitFooter onCancel={() => setOpen(false)} busy={busy} label="Перенести" />}
        >
          <div className="field">
            <label htmlFor={`${id}-day`}>Дата визита</label>
            <input
              id={`${id}-day`}
              type="date"
              min={props.minDay}
              value={plannedOn}
              onChange={(e) => setPlannedOn(e.currentTarget.value)}
            />
            {errors.plannedOn && <p className="field-error" role="alert">{errors.plannedOn[0]}</p>}
          </div>
          <SelectField
            id={`${id}-who`}
            label="Исполнитель"
            value={assignedTo}
            onValue={setAssignedTo}
            error={errors.assignedTo?.[0]}
            options={[["", "Не назначено"], ...props.staff.map((s) => [String(s.id), s.name] as const)]}
          />
          <TextField
            id={`${id}-reason`}
            label="Причина переноса"
            required
            multiline
            value={reason}
            onValue={setReason}
            error={errors.reason?.[0]}
          />
        </DialogContent>
      </Dialog>
    </>
  );
}
