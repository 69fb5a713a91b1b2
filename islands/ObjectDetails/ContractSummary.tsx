// The object's contract in its card: the current version's state, a link to it, and «Заключение договора»
// (the wizard lives on the estimate page, opened there at once).
import { useEffect, useState } from "react";
import { type Answer, call, client } from "../../components/api.ts";
import { errorMessage } from "../../components/form.ts";
import { toast, toastAfterNavigation, toastError } from "../../components/toast.ts";
import { formatDateTime, formatKopecks, personName } from "../../domain/format.ts";
import { ledgerLabels } from "../../domain/ledger.ts";
import { PaymentReceivedForm } from "../../components/PaymentReceived.tsx";
import { ActSummary } from "./ActSummary.tsx";

/** A customer who asked, through the client's link, to see the object in their account. */
const objectContract = client.contracts.object[":objectId"];
type Summary = Answer<typeof objectContract.$get>;
type CustomerAccess = Summary["customerAccess"][number];

export function ContractSummary({ objectId }: { objectId: number }) {
  const [data, setData] = useState<Summary | null>(null);
  const [error, setError] = useState("");
  const [finalLink, setFinalLink] = useState<string | null>(null);
  const load = () =>
    call(objectContract.$get({ param: { objectId: String(objectId) } })).then(
      setData,
      (e) => setError(errorMessage(e)),
    );
  useEffect(() => void load(), [objectId]);

  async function decide(a: CustomerAccess, decision: "approve" | "reject") {
    try {
      await call(
        objectContract.access.$post({
          param: { objectId: String(objectId) },
          json: { accessId: a.id, decision },
        }),
      );
      toast({
        title: decision === "approve" ? "Доступ клиента подтверждён" : "Запрос клиента отклонён",
        variant: "success",
      });
      await load();
    } catch (e) {
      toastError(errorMessage(e));
    }
  }
  async function askRemainder() {
    try {
      const made = await call(client.payment.final.$post({ json: { objectId } }));
      setFinalLink(made.paymentLink);
      toast({
        title: "Платежная ссылка создана",
        description: formatKopecks(made.amount),
        variant: "success",
      });
      await load();
    } catch (e) {
      toastError(`Не удалось создать платежную ссылку: ${errorMessage(e)}`);
    }
  }

  async function copyLink(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: "Скопировано", variant: "success" });
    } catch {
      toastError("Не удалось скопировать: выделите ссылку и скопируйте вручную");
    }
  }

  if (error) return <p className="muted small">Договор: {error}</p>;
  if (!data) return <p className="muted small" aria-busy="true">Загрузка договора…</p>;
  const c = data.contract;
  const paid = c?.payment?.status === "paid";
  return (
    <div className="stack">
      <h3 className="section-title">Договор</h3>
      {c
        ? (
          <p className="row">
            <a href={`/contracts/${c.id}`}>№ {c.contractNumber}, версия {c.version}</a>
            <span className={`badge badge-${c.signature ? "success" : "warning"}`}>
              {c.signature ? "подписан" : "не подписан"}
            </span>
            {c.payment && (
              <span className={`badge badge-${paid ? "success" : "warning"}`}>
                {paid ? "предоплата получена" : "ожидает предоплаты"}
              </span>
            )}
          </p>
        )
        : <p className="muted">Договора пока нет</p>}
      {c && data.ledger && (
        <section className="stack-sm" data-testid="ledger">
          <h4>Расчёты по объекту</h4>
          <dl className="ledger-lines">
            <dt>{ledgerLabels.due}</dt>
            <dd className="money">{formatKopecks(data.ledger.due)}</dd>
            <dt>{ledgerLabels.received}</dt>
            <dd className="money">{formatKopecks(data.ledger.received)}</dd>
            <dt>
              <strong>{data.ledger.owed < 0 ? "Переплата" : ledgerLabels.owed}</strong>
            </dt>
            <dd className="money">
              <strong>{formatKopecks(Math.abs(data.ledger.owed))}</strong>
            </dd>
            {data.ledger.awaiting > 0 && (
              <>
                <dt className="muted">{ledgerLabels.awaiting}</dt>
                <dd className="money muted">{formatKopecks(data.ledger.awaiting)}</dd>
              </>
            )}
          </dl>
          {data.finalPayment?.status === "pending" && (
            <p className="small">
              Окончательный расчёт на {formatKopecks(data.finalPayment.amount)} выставлен{" "}
              {formatDateTime(data.finalPayment.createdAt)}, ждёт оплаты.
            </p>
          )}
          {data.canCharge && data.finalPayment?.status === "pending" && (
            <PaymentReceivedForm
              paymentId={data.finalPayment.id}
              amount={data.finalPayment.amount}
              className="row received-form"
              onReceived={() => {
                // The dialog's status badge and the page's lists are the server's: load the page again.
                toastAfterNavigation({ title: "Оплата отмечена", variant: "success" });
                location.reload();
              }}
            />
          )}
          {finalLink && (
            <p className="row">
              <a href={finalLink} target="_blank" className="small">Ссылка клиента на оплату</a>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => void copyLink(finalLink)}>
                Скопировать ссылку
              </button>
            </p>
          )}
          {data.canCharge && data.ledger.owed > 0 && c.payment?.status === "pending" && (
            <p className="muted small">Остаток выставляется после того, как получена предоплата.</p>
          )}
          {data.canCharge && data.ledger.owed > 0 && c.payment?.status !== "pending" && (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void askRemainder()}
            >
              {data.finalPayment?.status === "pending"
                ? "Выставить остаток заново"
                : `Выставить остаток ${formatKopecks(data.ledger.owed)}`}
            </button>
          )}
        </section>
      )}
      {c && <ActSummary objectId={objectId} owed={data.ledger?.owed ?? 0} onChanged={() => void load()} />}
      {data.canMake && (data.estimate
        ? (
          <a className="btn btn-secondary" href={`/estimates/${data.estimate.id}?contract=1`}>
            Заключение договора
          </a>
        )
        : <p className="muted small">Договор составляется по смете: сначала составьте смету.</p>)}
      {data.customerAccess.length > 0 && (
        <section className="stack" data-testid="customer-access">
          <h4>Доступ клиентов к объекту</h4>
          <p className="muted small">
            Клиент прикрепляет объект к своей учётной записи по ссылке; объект виден ему после подтверждения.
            Прежде чем подтвердить, убедитесь (например, звонком по телефону из договора), что это ваш клиент.
          </p>
          <ul className="link-list customer-access">
            {data.customerAccess.map((a) => (
              <li key={a.id} className="stack-sm">
                <span>
                  <strong>{personName(a.firstName, a.lastName) || a.email}</strong> ({a.email}), запрос{" "}
                  {formatDateTime(a.requestedAt)}
                </span>
                {a.approvedAt
                  ? (
                    <span className="muted small">
                      Подтвердил(а) {personName(a.approverFirstName, a.approverLastName) || "сотрудник"},{" "}
                      {formatDateTime(a.approvedAt)}
                    </span>
                  )
                  : (
                    <span>
                      <span className="badge badge-warning">ждёт подтверждения</span>
                    </span>
                  )}
                {data.canDecideAccess && (
                  <span className="row">
                    {!a.approvedAt && (
                      <button
                        type="button"
                        className="btn btn-secondary"
                        onClick={() => void decide(a, "approve")}
                      >
                        Подтвердить
                      </button>
                    )}
                    <button type="button" className="btn btn-ghost" onClick={() => void decide(a, "reject")}>
                      {a.approvedAt ? "Закрыть доступ" : "Отклонить"}
                    </button>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
