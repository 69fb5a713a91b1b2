// The payment ledger's server-rendered views: the objects with money owed (the engineer's
// cabinet) and the money asked for and not received, by age (analytics). Figures from db/ledger.ts.
import { formatKopecks } from "../domain/format.ts";
import { ledgerLabels, type OwedObject, type ReceivablesByAge } from "../domain/ledger.ts";
import { Card, EmptyState } from "./Card.tsx";

export function OwedObjectsCard({ objects }: { objects: OwedObject[] }) {
  return (
    <Card title="Объекты с задолженностью" className="owed-objects">
      {objects.length === 0 ? <EmptyState icon="check" text="Все договоры оплачены" /> : (
        // A list, not a table: on a phone the remainder stays in sight beside the address.
        <ul className="owed-list" data-testid="owed-objects">
          {objects.map((o) => (
            <li key={o.objectId} className="owed-row">
              <div className="owed-main">
                <a href={`/objects?objectId=${o.objectId}`}>{o.address}</a>
                <span className="muted small">
                  Договор № {o.contractNumber}
                  {o.clientName ? ` · ${o.clientName}` : ""}
                </span>
              </div>
              <div className="owed-sums">
                <span className="muted small">{ledgerLabels.owed}</span>
                <strong className="money">{formatKopecks(o.ledger.owed)}</strong>
                <span className="muted small">
                  получено <span className="money">{formatKopecks(o.ledger.received)}</span> из{" "}
                  <span className="money">{formatKopecks(o.ledger.due)}</span>
                </span>
              </div>
            </li>
          ))}
        </ul>
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
