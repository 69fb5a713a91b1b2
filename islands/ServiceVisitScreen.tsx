// The service visit on the phone (/service/visits/:id): the visit's form rendered by the measurement form
// engine (components/measurement/MeasurementForm.tsx over the sections of domain/service_visits.ts), the
// photos through the same queue as the measurement's, and «Сохранить отчёт», which keeps the report on the
// device and sends it through the offline queue (kind "visit") as soon as there is a connection. The draft
// survives reloads (localStorage). Once the report is on the server, the client signs it here or later
// through the client's link.
import { useEffect, useMemo, useState } from "react";
import { MeasurementForm } from "../components/measurement/MeasurementForm.tsx";
import type { FormConfig, FormValues } from "../components/measurement/model.ts";
import { PhotoReport } from "../components/measurement/PhotoReport.tsx";
import type { Photo } from "../components/measurement/session.ts";
import { enqueueWork, newClientId, onSynced, useSyncState } from "../components/offline/sync.ts";
import { toast } from "../components/toast.ts";
import type { VisitReport } from "../domain/service_visits.ts";
import { VisitReportView } from "../components/VisitReport.tsx";
import VisitSignature from "./VisitSignature.tsx";
import { SendReportButton } from "./ObjectDetails/VisitReports.tsx";

export interface ServiceVisitScreenProps {
  visitId: number;
  taskId: number;
  objectId: number;
  address: string;
  clientName: string | null;
  form: FormConfig;
  defaults: FormValues;
  /** The report on the server (the visit is done), or null. */
  report: VisitReport | null;
  signed: { name: string; at: string } | null;
  photos: Photo[];
}

type Sync = "draft" | "queued" | "sent";
const draftKey = (id: number) => `polesmeta:visit-draft:${id}`;

function loadValues(
  id: number,
  defaults: FormValues,
): { values: FormValues; sync: Sync; clientId: string | null } {
  try {
    const raw = localStorage.getItem(draftKey(id));
    if (raw) {
      const d = JSON.parse(raw) as { values: FormValues; sync: Sync; clientId: string | null };
      if (d && typeof d.values === "object") return { ...d, values: { ...defaults, ...d.values } };
    }
  } catch {
    // A draft the device cannot read starts afresh.
  }
  return { values: defaults, sync: "draft", clientId: null };
}

export default function ServiceVisitScreen(props: ServiceVisitScreenProps) {
  const [state, setState] = useState(() => ({
    values: props.defaults,
    sync: "draft" as Sync,
    clientId: null as string | null,
  }));
  const [open, setOpen] = useState("checklist");
  const [photos, setPhotos] = useState(props.photos);
  const [report, setReport] = useState(props.report);
  const sync = useSyncState();
  const noConfirmed = useMemo(() => new Set<string>(), []);

  useEffect(() => setState(loadValues(props.visitId, props.defaults)), [props.visitId]);
  useEffect(() => {
    localStorage.setItem(draftKey(props.visitId), JSON.stringify(state));
  }, [state]);
  useEffect(() =>
    onSynced(({ entry, answer }) => {
      if (entry.kind !== "visit" || entry.id !== state.clientId) return;
      setState((s) => ({ ...s, sync: "sent" }));
      setReport((answer as { report: VisitReport }).report);
      toast({ title: "Отчёт о визите отправлен", variant: "success" });
    }), [state.clientId]);

  const change = (name: string, value: string | boolean) =>
    setState((s) => ({ values: { ...s.values, [name]: value }, sync: "draft", clientId: null }));

  async function save() {
    const clientId = state.clientId ?? newClientId();
    setState((s) => ({ ...s, sync: "queued", clientId }));
    await enqueueWork(
      "visit",
      props.taskId,
      { visitId: props.visitId, body: { values: state.values } },
      clientId,
    );
    if (!navigator.onLine) {
      toast({ title: "Отчёт сохранён на устройстве", description: "Отправим, когда появится связь" });
    }
  }

  if (report) {
    return (
      <div className="stack-lg">
        <section className="card">
          <h2>Отчёт о визите</h2>
          <VisitReportView report={report} />
          <div className="row-actions">
            <a
              className="btn btn-ghost btn-sm"
              href={`/api/service/visits/${props.visitId}/report.pdf`}
              target="_blank"
            >
              Акт (PDF)
            </a>
            <SendReportButton visitId={props.visitId} />
          </div>
        </section>
        <section className="card">
          <h2>Подпись клиента</h2>
          <VisitSignature
            url={`/api/service/visits/${props.visitId}/sign`}
            clientName={props.clientName ?? ""}
            signed={props.signed}
          />
        </section>
      </div>
    );
  }

  const syncText = state.sync === "queued"
    ? sync.online ? "отправляется…" : "сохранено на устройстве, ждёт связи"
    : state.sync === "sent"
    ? "отправлено"
    : "черновик на устройстве";
  return (
    <div className="stack-lg">
      <MeasurementForm
        config={props.form}
        values={state.values}
        onChange={change}
        open={open}
        onOpen={setOpen}
        missing={[]}
        unconfirmed={noConfirmed}
        onConfirm={() => {}}
        idPrefix="visit"
      />
      <section className="card">
        <h2>Фото</h2>
        <PhotoReport
          objectId={props.objectId}
          taskId={props.taskId}
          photos={photos}
          onChange={setPhotos}
          idPrefix="visit"
        />
      </section>
      <div className="action-bar">
        <p className="muted small" role="status" data-testid="visit-sync">{syncText}</p>
        <button
          type="button"
          className="btn btn-primary"
          onClick={save}
          disabled={state.sync === "queued"}
        >
          Сохранить отчёт
        </button>
      </div>
    </div>
  );
}
