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
}

export default function EstimateActions({ id, status: initial, role }: EstimateActionsProps) {
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
      <StatusActions id={id} status={status} role={role} onChanged={setStatus} size="md" />
    </div>
  );
}
