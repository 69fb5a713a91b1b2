// «Мои объекты» of a customer's profile: each object attached through a private link, with what the link
// shows — the estimate sent, the contract and its signature, the prepayment.
import type { customerObjectList } from "../db/customer_objects.ts";
import { formatDate, formatDateTime, formatKopecks, formatRoubles } from "../domain/format.ts";
import { clientNextStep } from "../domain/client_links.ts";
import type { OrderJson } from "../domain/shop.ts";
import { labelOf, workTypeLabels } from "../domain/labels.ts";
import { Card } from "../components/Card.tsx";
import { ContractState } from "../components/ContractState.tsx";

type MyObject = Awaited<ReturnType<typeof customerObjectList>>[number];

/** What the customer is asked to do on an object: the step of its newest live link, else nothing. */
function nextOf(o: MyObject) {
  const live = o.views.find((v) => v.live)?.view;
  if (!live) return null;
  return clientNextStep({
    superseded: Boolean(live.superseded),
    hasEstimate: Boolean(live.estimate),
    accepted: Boolean(live.link.acceptedAt),
    hasContract: Boolean(live.contract),
    signed: Boolean(live.contract?.signature),
    due: live.payment?.status === "pending" ? live.payment.amount : null,
  });
}

export function MyObjects({ objects }: { objects: MyObject[] }) {
  if (objects.length === 0) {
    return (
      <Card title="Мои объекты">
        <p className="muted" data-testid="no-objects">
          Здесь появятся ваши объекты: смета, договор, платежи и документы. Откройте ссылку из письма компании
          и нажмите «Прикрепить объект к моей учётной записи» — после подтверждения компанией объект будет
          здесь.
        </p>
      </Card>
    );
  }
  return (
    <Card title="Мои объекты">
      <ul className="my-objects">
        {objects.map((o) => (
          <li key={o.objectId} className="stack">
            <div>
              <strong>{o.address}</strong>
              <p className="muted small">{o.companyName} · {labelOf(workTypeLabels, o.workType)}</p>
            </div>
            {nextOf(o) && (
              <p
                className={`notice ${nextOf(o)!.done ? "notice-success" : "notice-info"}`}
                data-testid="next-step"
              >
                <strong>Что дальше:</strong> {nextOf(o)!.text}
              </p>
            )}
            {o.views[0]?.view.contacts && (
              <p className="small" data-testid="company-contacts">
                {o.companyName}:{" "}
                {[o.views[0].view.contacts.phone, o.views[0].view.contacts.email].filter(Boolean).join(", ")}
              </p>
            )}
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

/** «Мои заказы»: the customer's shop orders with their status and the page of each. */
export function MyOrders({ orders }: { orders: OrderJson[] }) {
  return (
    <Card title="Мои заказы">
      {orders.length === 0
        ? (
          <p className="muted">
            Заказов пока нет. <a href="/ruslos">Перейти в магазин</a>
          </p>
        )
        : (
          <ul className="client-list" data-testid="my-orders">
            {orders.map((o) => (
              <li key={o.id}>
                <a
                  href={`/ruslos${o.companyId ? `/c/${o.companyId}` : ""}/orders/${
                    encodeURIComponent(o.orderNumber)
                  }`}
                >
                  Заказ {o.orderNumber} от {formatDate(o.createdAt)}
                </a>
                <span className="money">{formatRoubles(o.finalAmount)}</span>
                <span className="badge">{o.statusLabel}</span>
              </li>
            ))}
          </ul>
        )}
    </Card>
  );
}
