// The estimate page's actions: the client's documents (Excel, print), the «Для себя» Excel and the status
// steps the role may take.
import { useState } from "react";
import { call, client } from "../components/api.ts";
import { toast, toastError } from "../components/toast.ts";
import { canEditEstimate } from "../domain/estimate_status.ts";
import { StatusActions } from "../components/EstimateStatusActions.tsx";
import type { EstimateStatus } from "../domain/estimate_status.ts";
import { estimateStatusLabels } from "../domain/labels.ts";
import type { Role } from "../domain/roles.ts";

export interface EstimateActionsProps {
  id: number;
  status: EstimateStatus;
  role: Role;
  /** Warnings that change what should be installed: approving over them asks for a confirmation. */
  alerts?: string[];
}

export default function EstimateActions({ id, status: initial, role, alerts = [] }: EstimateActionsProps) {
  const [status, setStatus] = useState(initial);
  return (
    <div className="row est-page-actions">
      <span className={`badge badge-${estimateStatusLabels[status].tone}`} data-testid="estimate-status">
        {estimateStatusLabels[status].label}
      </span>
      <a
        className="btn btn-secondary"
        href={`/api/estimates/${id}/export`}
        download
        data-testid="client-excel"
      >
        Excel для клиента
      </a>
      <a className="btn btn-ghost" href={`/estimates/${id}/print`} target="_blank" rel="noopener">
        Печать
      </a>
      <a className="btn btn-ghost" href={`/api/estimates/${id}/export?for=internal`} download>
        Excel для себя
      </a>
      {canEditEstimate(role) && status !== "rejected" && (
        <SendToClient
          id={id}
          onSent={() => status === "draft" && setStatus("sent")}
        />
      )}
      <StatusActions
        id={id}
        status={status}
        role={role}
        alerts={alerts}
        onChanged={(next) => {
          setStatus(next);
          // The page shows who confirmed approving over the alerts: read it again.
          if (next === "approved" && alerts.length > 0) location.reload();
        }}
        size="md"
      />
    </div>
  );
}

/**
 * «Отправить клиенту»: a private link to this version of the estimate, to copy into a message.
 * The client opens it on a phone, and approves the estimate or asks for changes.
 */
function SendToClient({ id, onSent }: { id: number; onSent: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function send() {
    setBusy(true);
    try {
      const sent = await call(
        client.estimates[":id{[0-9]+}"]["send-to-client"].$post({ param: { id: String(id) }, json: {} }),
      );
      setUrl(sent.url);
      onSent();
      await copy(sent.url);
    } catch (e) {
      toastError(e instanceof Error ? e.message : String(e), "Не удалось отправить смету");
    } finally {
      setBusy(false);
    }
  }
  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      toast({
        title: "Ссылка для клиента скопирована",
        description: "Отправьте её клиенту",
        variant: "success",
      });
    } catch {
      toast({ title: "Ссылка для клиента готова", description: "Скопируйте её из поля ниже" });
    }
  }
  if (url) {
    return (
      <div className="row send-to-client" data-testid="client-link">
        <input
          className="input"
          readOnly
          value={url}
          aria-label="Ссылка для клиента"
          onFocus={(e) => e.target.select()}
        />
        <button type="button" className="btn btn-secondary" onClick={() => void copy(url)}>
          Скопировать
        </button>
      </div>
    );
  }
  return (
    <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void send()}>
      {busy ? "Отправка…" : "Отправить клиенту"}
    </button>
  );
}
