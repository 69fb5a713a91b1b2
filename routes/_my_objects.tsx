// «Мои объекты» of a customer's profile: each object attached through a private link, with what the link
// shows — the estimate sent, the contract and its signature, the prepayment.
import type { customerObjectList } from "../db/contracts.ts";
import { formatDateTime, formatKopecks } from "../domain/format.ts";
import { labelOf, workTypeLabels } from "../domain/labels.ts";
import { Card } from "../components/Card.tsx";
import { ContractState } from "../components/ContractState.tsx";

type MyObject = Awaited<ReturnType<typeof customerObjectList>>[number];

export function MyObjects({ objects }: { objects: MyObject[] }) {
  return (
    <Card title="Мои объекты">
      <ul className="my-objects">
        {objects.map((o) => (
          <li key={o.objectId} className="stack">
            <div>
              <strong>{o.address}</strong>
              <p className="muted small">{o.companyName} · {labelOf(workTypeLabels, o.workType)}</p>
            </div>
            {o.views.length === 0 && <p className="muted small">Ссылка компании больше не действует.</p>}
            {o.views.map(({ view: v }) => (
              <dl key={v.link.id} className="details">
                {v.estimate && (
                  <>
                    <dt>Смета</dt>
                    <dd>№ {v.estimate.estimateNumber} — {formatKopecks(v.estimate.totalAmount)}</dd>
                  </>
                )}
                {v.contract && (
                  <>
                    <dt>Договор</dt>
                    <dd className="stack">
                      <span className="row">
                        № {v.contract.contractNumber}
                        <ContractState contract={v.contract} />
                      </span>
                      {v.contract.signature && (
                        <span className="muted small">
                          Подписал {v.contract.signature.signerName},{" "}
                          {formatDateTime(v.contract.signature.signedAt)}
                        </span>
                      )}
                      <a href={`/api/my/contracts/${v.contract.id}/pdf`}>Скачать PDF</a>
                    </dd>
                  </>
                )}
                {v.payment && (
                  <>
                    <dt>Предоплата</dt>
                    <dd className="money">
                      {formatKopecks(v.payment.amount)} —{" "}
                      {v.payment.status === "paid" ? "получена" : "ожидается"}
                    </dd>
                  </>
                )}
              </dl>
            ))}
          </li>
        ))}
      </ul>
    </Card>
  );
}
