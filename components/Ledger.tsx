// The payment ledger's server-rendered views (issue 25 item 7): the objects with money owed (the engineer's
// cabinet) and the money asked for and not received, by age (analytics). Figures from db/ledger.ts.
import type { OwedObject, ReceivablesByAge } from "../db/ledger.ts";
import { formatKopecks } from "../domain/format.ts";
import { ledgerLabels } from "../domain/ledger.ts";
import { Card, EmptyState } from "./Card.tsx";

export function OwedObjectsCard({ objects }: { objects: OwedObject[] }) {
  return (
    <Card title="Объекты с задолженностью" className="owed-objects">
      {objects.length === 0
        ? <EmptyState icon="check" text="Все договоры оплачены" />
        : (
          <div className="table-wrap">
            <table className="table" data-testid="owed-objects">
              <thead>
                <tr>
                  <th>Объект</th>
                  <th className="num">{ledgerLabels.due}</th>
                  <th className="num">{ledgerLabels.received}</th>
                  <th className="num">{ledgerLabels.owed}</th>
                </tr>
              </thead>
              <tbody>
                {objects.map((o) => (
                  <tr key={o.objectId}>
                    <td>
                      <a href={`/objects?objectId=${o.objectId}`}>{o.address}</a>
                      <div className="muted small">
                        Договор № {o.contractNumber}
                        {o.clientName ? ` · ${o.clientName}` : ""}
                      </div>
                    </td>
                    <td className="num money">{formatKopecks(o.ledger.due)}</td>
                    <td className="num money">{formatKopecks(o.ledger.received)}</td>
                    <td className="num money">
                      <strong>{formatKopecks(o.ledger.owed)}</strong>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
    </Card>
  );
}

export function ReceivablesCard({ receivables }: { receivables: ReceivablesByAge }) {
  return (
    <Card title="Дебиторская задолженность по срокам" className="receivables">
      <p className="muted small">
        Выставленные клиентам и ещё не оплаченные счета (предоплата и окончательный расчёт) по действующим
        договорам, по числу дней с момента выставления. На сегодня.
      </p>
      <div className="table-wrap">
        <table className="table" data-testid="receivables">
          <thead>
            <tr>
              <th>Срок</th>
              <th className="num">Счетов</th>
              <th className="num">Сумма</th>
            </tr>
          </thead>
          <tbody>
            {receivables.ages.map((a) => (
              <tr key={a.key}>
                <td>{a.label}</td>
                <td className="num">{a.count}</td>
                <td className="num money">{formatKopecks(a.amount)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">Итого</th>
              <td className="num">{receivables.ages.reduce((n, a) => n + a.count, 0)}</td>
              <td className="num money">
                <strong>{formatKopecks(receivables.total)}</strong>
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </Card>
  );
}
