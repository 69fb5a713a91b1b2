// The estimate page's actions: the client's documents (Excel, print), the «Для себя» Excel and the status
// steps the role may take.
import { useState } from "react";
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
