// The estimate page's actions: Excel and the status steps the role may take.
import { useState } from "react";
import { exportEstimate } from "../components/measurement/export.ts";
import { StatusActions } from "../components/EstimateStatusActions.tsx";
import type { EstimateStatus } from "../domain/estimates.ts";
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
      <button type="button" className="btn btn-secondary" onClick={() => void exportEstimate(id, true)}>
        Excel
      </button>
      <StatusActions id={id} status={status} role={role} onChanged={setStatus} size="md" />
    </div>
  );
}
