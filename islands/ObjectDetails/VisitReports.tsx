// The reports of an object's service visits on its Documents tab: each one's PDF («Акт сервисного
// обслуживания») and «Отправить отчёт клиенту» (the client's link by e-mail through the outbox; the object's
// delivery list shows the message).
import { useState } from "react";
import { call, client } from "../../components/api.ts";
import { toast, toastError } from "../../components/toast.ts";
import { formatDate } from "../../domain/format.ts";
import { BusyButton } from "../../components/BusyButton.tsx";

export interface VisitReportLink {
  id: number;
  plannedOn: string;
  planName: string;
  clientSigned: boolean;
}

/** «Отправить отчёт клиенту»: one button, disabled while it sends; the server's refusal is shown as it is. */
export function SendReportButton({ visitId }: { visitId: number }) {
  const [busy, setBusy] = useState(false);
  async function send() {
    setBusy(true);
    try {
      await call(client.service.visits[":id"]["send-report"].$post({ param: { id: String(visitId) } }));
      toast({
        title: "Отчёт отправлен клиенту",
        description: "Письмо со ссылкой — в списке отправки объекта",
        variant: "success",
      });
    } catch (e) {
      toastError(e instanceof Error ? e.message : "Не удалось отправить отчёт");
    } finally {
      setBusy(false);
    }
  }
  return (
    <BusyButton className="btn btn-secondary btn-sm" onClick={send} busy={busy}>
      Отправить отчёт клиенту
    </BusyButton>
  );
}

export function VisitReports({ reports }: { reports: VisitReportLink[] }) {
  if (reports.length === 0) return null;
  return (
    <ul className="service-list" aria-label="Отчёты о сервисных визитах">
      {reports.map((r) => (
        <li key={r.id} className="service-item">
          <div>
            <strong>Акт сервисного обслуживания {formatDate(r.plannedOn)}</strong>
            <div className="muted">
              «{r.planName}» · {r.clientSigned ? "подписан клиентом" : "ждёт подписи клиента"}
            </div>
          </div>
          <div className="row-actions">
            <a
              className="btn btn-ghost btn-sm"
              href={`/api/service/visits/${r.id}/report.pdf`}
              target="_blank"
            >
              PDF
            </a>
            <SendReportButton visitId={r.id} />
          </div>
        </li>
      ))}
    </ul>
  );
}
