// The «Смета» tab: the estimate generated (or priced on the phone with no signal), the separate estimates of
// the work types, and why the server's total differs from the phone's when it does.
import { useMemo } from "react";
import { EstimateView, ruDay } from "./EstimateView.tsx";
import type { MeasurementSession, StoredEstimate, TotalsDiffer } from "./session.ts";
import { formatKopecks } from "../../domain/format.ts";

/** The server numbers estimates, so one priced on the phone has no number until it syncs
 * (the engine's own «СМ-…» would be a number no document will carry). */
export const PROVISIONAL_NUMBER = "черновик, номер будет присвоен при синхронизации";
export const estimateLabel = (e: StoredEstimate) => e.onDevice ? PROVISIONAL_NUMBER : `№ ${e.estimateNumber}`;

export function EstimateTab({ session: s }: { session: MeasurementSession }) {
  const estimateDate = useMemo(() => ruDay(s.estimate?.date), [s.estimate]);
  if (!s.estimate) {
    return (
      <div className="empty">
        <p className="empty-text">Сметы пока нет</p>
        <p className="muted">
          Заполните замер и подтвердите значения по умолчанию, затем нажмите «Рассчитать смету».
        </p>
      </div>
    );
  }
  return (
    <div className="stack">
      <div className="est-head">
        <div>
          <h3>{s.estimate.templateName}</h3>
          <p className="muted" data-testid="estimate-number">
            {estimateLabel(s.estimate)}
            {estimateDate &&
              (s.estimate.onDevice ? ` · ${estimateDate}` : ` от ${estimateDate}`)}
          </p>
        </div>
        <p className="est-head-total money">{formatKopecks(s.estimate.totalAmount)}</p>
      </div>
      <OfflineEstimateNotes estimate={s.estimate} differ={s.totalsDiffer} />
      {s.separateEstimates.length > 1 && (
        <ul className="report-status" data-testid="separate-estimates">
          {s.separateEstimates.map((e) => (
            <li key={e.id}>
              <a href={`/estimates/${e.id}`}>{e.templateName ?? `№ ${e.estimateNumber}`}</a>
              <span className="money">{formatKopecks(e.totalAmount)}</span>
            </li>
          ))}
        </ul>
      )}
      <EstimateView estimate={s.estimate} />
    </div>
  );
}

/**
 * An estimate priced on the phone says it is not saved yet; the server's estimate that replaced it
 * says so when its total differs, and why.
 */
function OfflineEstimateNotes(
  { estimate, differ }: { estimate: StoredEstimate; differ: TotalsDiffer | null },
) {
  if (estimate.onDevice) {
    return (
      <p className="notice notice-warning on-device-mark" data-testid="on-device">
        Рассчитано на устройстве, не сохранено: смета отправится на сервер, когда появится связь.
      </p>
    );
  }
  if (!differ) return null;
  return (
    <div className="notice notice-info totals-differ" data-testid="totals-differ">
      <p>
        Итог на сервере <strong className="money">{formatKopecks(differ.server)}</strong>, на устройстве был
        {" "}
        <strong className="money">{formatKopecks(differ.device)}</strong>.
      </p>
      <p className="muted">
        Пока не было связи, прайс-лист компании изменился: сервер посчитал по действующим ценам. Действует
        смета сервера.
      </p>
    </div>
  );
}
