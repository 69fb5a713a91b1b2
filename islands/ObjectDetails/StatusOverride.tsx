// «Статус вручную» (chief engineer, administrators): the status the events give, the override in force with
// its reason, and a form to set one (a status and why) or to clear it (why, again), recorded in the activity.
import { useEffect, useId, useState } from "react";
import { type Answer, call, client } from "../../components/api.ts";
import { errorMessage, serverErrors } from "../../components/form.ts";
import { toastAfterNavigation, toastError } from "../../components/toast.ts";
import { Field } from "../../components/Field.tsx";
import { formatDateTime } from "../../domain/format.ts";
import { objectStatuses } from "../../domain/enums.ts";
import { objectStatusLabels } from "../../domain/labels.ts";
import type { ObjectStatus } from "../../domain/job_status.ts";

const statusOverride = client.objects[":id{[0-9]+}"]["status-override"];
type View = Answer<typeof statusOverride.$get>;

export function StatusOverride({ objectId }: { objectId: number }) {
  const id = useId();
  const [view, setView] = useState<View | null>(null);
  const [status, setStatus] = useState<ObjectStatus>("approved");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    call(statusOverride.$get({ param: { id: String(objectId) } })).then((v) => {
      setView(v);
      setStatus(v.override?.status ?? v.derived.status);
    }, (e) => toastError(errorMessage(e)));
  }, [objectId]);

  async function save(next: ObjectStatus | null) {
    setBusy(true);
    try {
      await call(
        statusOverride.$put({
          param: { id: String(objectId) },
          json: { status: next, reason: reason.trim() },
        }),
      );
      // The lists and badges of the page are rendered on the server: load it again.
      toastAfterNavigation({
        title: next ? "Статус задан вручную" : "Ручной статус снят",
        description: next ? objectStatusLabels[next].label : "Статус снова следует событиям",
        variant: "success",
      });
      location.reload();
    } catch (e) {
      setErrors(serverErrors(e));
      toastError(errorMessage(e));
      setBusy(false);
    }
  }

  if (!view) return null;
  return (
    <details className="card stack status-override" data-testid="status-override">
      <summary className="btn btn-secondary">Статус вручную</summary>
      <dl className="details">
        <dt>По событиям</dt>
        <dd>{view.derived.badge.label}</dd>
        <dt>Вручную</dt>
        <dd>
          {view.override
            ? (
              <>
                <strong>{objectStatusLabels[view.override.status].label}</strong>
                {view.override.at && ` с ${formatDateTime(view.override.at)}`} — причина:{" "}
                {view.override.reason}
              </>
            )
            : "не задан"}
        </dd>
      </dl>
      <form
        className="stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save(status);
        }}
      >
        <Field id={`${id}-status`} label="Статус" error={errors.status}>
          <select
            id={`${id}-status`}
            className="input"
            value={status}
            onChange={(e) => setStatus(e.target.value as ObjectStatus)}
          >
            {objectStatuses.map((s) => <option key={s} value={s}>{objectStatusLabels[s].label}</option>)}
          </select>
        </Field>
        <Field id={`${id}-reason`} label="Причина" error={errors.reason} required>
          <textarea
            id={`${id}-reason`}
            className="input"
            rows={2}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={Boolean(errors.reason)}
          />
        </Field>
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={busy}>Задать вручную</button>
          {view.override && (
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={() => void save(null)}
            >
              Снять ручной статус
            </button>
          )}
        </div>
      </form>
    </details>
  );
}
