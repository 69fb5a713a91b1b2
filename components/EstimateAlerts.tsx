// Warnings that change what should be installed (Estimate.alerts: an undersized station …), shown at the top
// of an estimate for the surveyor and the engineer, with the approver's confirmation
// once the estimate was approved over them. Never shown to the client.
import { formatDateTime } from "../domain/format.ts";

export interface AlertsConfirmation {
  alerts: string[];
  at: Date | string | null;
  byName: string | null;
}

/** The alerts block; nothing without alerts. */
export function EstimateAlerts(
  { alerts, confirmation }: { alerts: readonly string[]; confirmation?: AlertsConfirmation | null },
) {
  if (alerts.length === 0 && !confirmation) return null;
  const shown = alerts.length > 0 ? alerts : confirmation?.alerts ?? [];
  return (
    <div className="notice notice-danger est-alerts" role="alert" data-testid="estimate-alerts">
      <div className="stack-sm">
        <strong>Смета требует проверки: предупреждения меняют состав работ</strong>
        <ul>{shown.map((a, i) => <li key={i}>{a}</li>)}</ul>
        {confirmation && (
          <p className="est-alerts-confirmed" data-testid="alerts-confirmation">
            {`Утверждение при этих предупреждениях подтвердил ${
              confirmation.byName ?? "удалённый пользователь"
            }, ${formatDateTime(confirmation.at)}.`}
          </p>
        )}
      </div>
    </div>
  );
}
