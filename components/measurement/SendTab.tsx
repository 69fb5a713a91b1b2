// The «Инженеру» tab: what goes to the chief engineer (the measurement, the estimate, the photos) and the
// surveyor's conclusion.
import type { MeasurementSession } from "./session.ts";
import { estimateLabel } from "./EstimateTab.tsx";

export function SendTab({ session: s, idPrefix }: { session: MeasurementSession; idPrefix: string }) {
  return (
    <div className="stack">
      <ul className="report-status">
        <li>
          <span>Замер</span>
          <span className={`badge badge-${s.missing.length === 0 ? "success" : "warning"}`}>
            {s.missing.length === 0 ? "Заполнен" : `Заполнено ${s.progress}%`}
          </span>
        </li>
        <li>
          <span>Смета</span>
          <span className={`badge badge-${s.estimate ? "success" : "neutral"}`}>
            {s.estimate ? estimateLabel(s.estimate) : "Нет"}
          </span>
        </li>
        <li>
          <span>Фото</span>
          <span className="badge badge-neutral">{s.photos.length}</span>
        </li>
      </ul>
      <div className="field">
        <label htmlFor={`${idPrefix}-conclusion`}>Заключение для инженера</label>
        <textarea
          id={`${idPrefix}-conclusion`}
          rows={4}
          value={s.notes}
          placeholder="Что сделано, что согласовано с клиентом, на что обратить внимание"
          onChange={(e) => s.setNotes(e.currentTarget.value)}
        />
      </div>
      <p className="muted">
        {s.estimate
          ? "Главный инженер получит смету и заключение, задача станет выполненной."
          : "Сначала рассчитайте смету: без нее отправить нельзя."}
      </p>
    </div>
  );
}
