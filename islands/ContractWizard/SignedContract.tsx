// A signed contract is never made again: reopening the wizard shows it, its documents and its prepayment.
import { DialogHead } from "../../components/Dialog.tsx";
import { PaymentReceivedForm } from "../../components/PaymentReceived.tsx";
import { formatDateTime, formatKopecks } from "../../domain/format.ts";
import { reloadPage } from "./DoneStep.tsx";
import type { ContractState, WizardProps } from "./types.ts";

/** The object's signed contract: what was signed, by whom, its documents and the prepayment's state. */
export function SignedContract(props: WizardProps & { contract: ContractState }) {
  const c = props.contract;
  const payment = c.payment;
  return (
    <>
      <DialogHead title="Заключение договора" titleId="contract-wizard-title" onClose={props.onClose}>
        <span className="badge badge-success">Договор подписан</span>
      </DialogHead>
      <div className="dialog-body stack" data-testid="signed-contract">
        <p>
          Договор № {c.contractNumber}, версия {c.version}, подписан клиентом: {c.signature!.signerName},{" "}
          {formatDateTime(c.signature!.signedAt)}. Подписанный договор не меняется.
        </p>
        <dl className="details">
          <dt>Сумма договора</dt>
          <dd className="money">{formatKopecks(c.totalAmount)}</dd>
          <dt>Предоплата</dt>
          <dd>
            {formatKopecks(c.prepaymentAmount)} ({c.prepaymentPercent} %) — {payment?.status === "paid"
              ? `получена${payment.receivedAt ? ` ${formatDateTime(payment.receivedAt)}` : ""}`
              : payment
              ? "ожидается"
              : "платёжная ссылка не создана"}
          </dd>
        </dl>
        <div className="row">
          <a className="btn btn-secondary btn-sm" href={`/contracts/${c.id}`}>Открыть договор</a>
          <a className="btn btn-secondary btn-sm" href={`/api/contracts/${c.id}/pdf`}>PDF</a>
          <a className="btn btn-secondary btn-sm" href={`/api/contracts/${c.id}/docx`}>DOCX (Word)</a>
        </div>
        {props.canKeepPayments && payment && payment.status === "pending" && (
          <PaymentReceivedForm paymentId={payment.id} amount={payment.amount} onReceived={reloadPage} />
        )}
      </div>
      <div className="dialog-foot">
        <button type="button" className="btn btn-primary" onClick={props.onClose}>Закрыть</button>
      </div>
    </>
  );
}
