// A service visit's report as the office, the surveyor and the client read it: the operations done, the
// readings, the parts replaced with what they bill, the comment.
import { formatKopecks } from "../domain/format.ts";
import { partsTotal, readingLabels, readingValueLabels, type VisitReport } from "../domain/service_visits.ts";

/** The report as the client and the office read it: operations, readings, parts with their bill. */
export function VisitReportView({ report }: { report: VisitReport }) {
  const billed = partsTotal(report);
  return (
    <div className="stack visit-report">
      <ul className="plain-list">
        {report.checklist.map((c) => <li key={c.operation}>{c.done ? "✓" : "—"} {c.operation}</li>)}
      </ul>
      {Object.keys(report.readings).length > 0 && (
        <dl className="details">
          {Object.entries(report.readings).map(([k, v]) => (
            <div key={k}>
              <dt>{readingLabels[k] ?? k}</dt>
              <dd>{typeof v === "string" ? readingValueLabels[v] ?? v : String(v).replace(".", ",")}</dd>
            </div>
          ))}
        </dl>
      )}
      {report.parts.length > 0 && (
        <p>
          Заменено: {report.parts.map((p) => `${p.name} × ${p.quantity}`).join(", ")} — к оплате{" "}
          <span className="money">{formatKopecks(billed)}</span>
        </p>
      )}
      {report.comment && <p>{report.comment}</p>}
    </div>
  );
}
