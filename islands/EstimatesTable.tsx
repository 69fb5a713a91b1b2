// The estimates list of /estimates (the estimating spec's «Estimates screen»): Номер, Объект, Сумма, Статус,
// Дата создания and row actions (open, Excel, the status steps the role may take). A table on a desktop,
// cards on a phone.
import { useState } from "react";
import { exportEstimate } from "../components/measurement/export.ts";
import type { EstimateStatus } from "../domain/estimate_status.ts";
import { StatusActions } from "../components/EstimateStatusActions.tsx";
import { estimateStatusLabels } from "../domain/labels.ts";
import { formatKopecks } from "../domain/format.ts";
import type { Role } from "../domain/roles.ts";

export interface EstimateRowView {
  id: number;
  estimateNumber: string;
  objectId: number;
  objectAddress: string;
  totalAmount: number;
  status: EstimateStatus;
  created: string;
  /** Warnings that change what should be installed: the row is marked and approving asks first. */
  alerts: string[];
}

export interface EstimatesTableProps {
  rows: EstimateRowView[];
  role: Role;
}

export default function EstimatesTable({ rows: initial, role }: EstimatesTableProps) {
  const [rows, setRows] = useState(initial);
  const setStatus = (id: number, status: EstimateStatus) =>
    setRows((list) => list.map((r) => (r.id === id ? { ...r, status } : r)));

  const actions = (r: EstimateRowView) => (
    <div className="est-actions">
      <a className="btn btn-secondary btn-sm" href={`/estimates/${r.id}`}>Открыть</a>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        onClick={() => void exportEstimate(r.id, true)}
      >
        Excel
      </button>
      <StatusActions
        id={r.id}
        status={r.status}
        role={role}
        alerts={r.alerts}
        onChanged={(s) => setStatus(r.id, s)}
      />
    </div>
  );
  const alertMark = (r: EstimateRowView) =>
    r.alerts.length > 0 && (
      <span
        className="badge badge-danger est-row-alert"
        title={r.alerts.join("\n")}
        data-testid="estimate-alert-mark"
      >
        {r.alerts.length === 1 ? "Предупреждение" : `Предупреждений: ${r.alerts.length}`}
      </span>
    );
  const badge = (s: EstimateStatus) => (
    <span className={`badge badge-${estimateStatusLabels[s].tone}`}>{estimateStatusLabels[s].label}</span>
  );

  return (
    <>
      <div className="table-wrap est-list-table">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Номер</th>
              <th scope="col">Объект</th>
              <th scope="col" className="num">Сумма</th>
              <th scope="col">Статус</th>
              <th scope="col">Дата создания</th>
              <th scope="col" className="right">Действия</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-estimate-id={r.id}>
                <td>
                  <a href={`/estimates/${r.id}`}>{r.estimateNumber}</a>
                  {alertMark(r)}
                </td>
                <td>
                  <a href={`/objects?objectId=${r.objectId}`}>{r.objectAddress}</a>
                </td>
                <td className="num">{formatKopecks(r.totalAmount)}</td>
                <td>{badge(r.status)}</td>
                <td>{r.created}</td>
                <td>{actions(r)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="est-cards">
        {rows.map((r) => (
          <article key={r.id} className="card est-card" data-estimate-id={r.id}>
            <div className="row-between">
              <a href={`/estimates/${r.id}`}>
                <strong>{r.estimateNumber}</strong>
              </a>
              {alertMark(r)}
              {badge(r.status)}
            </div>
            <p>{r.objectAddress}</p>
            <div className="row-between">
              <span className="muted">{r.created}</span>
              <strong className="money">{formatKopecks(r.totalAmount)}</strong>
            </div>
            {actions(r)}
          </article>
        ))}
      </div>
    </>
  );
}
