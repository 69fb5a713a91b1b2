// The wizard's last tab: the client's signature and the prepayment as the server knows them, the payment
// marked received, the client's link revoked.
import { PaymentReceivedForm } from "../../components/PaymentReceived.tsx";
import { toastAfterNavigation } from "../../components/toast.ts";
import { formatDateTime, formatKopecks } from "../../domain/format.ts";
import type { ContractState, PaymentState } from "./types.ts";

export function DoneStep({ contract, payment, canKeepPayments, onRefresh, onRevoke }: {
  contract: ContractState;
  payment: PaymentState;
  canKeepPayments: boolean;
  onRefresh: () => void;
  onRevoke: () => void;
}) {
  return (
    <div className="stack">
      <dl className="details">
        <dt>Договор</dt>
        <dd>№ {contract.contractNumber}, версия {contract.version}</dd>
        <dt>Подпись клиента</dt>
        <dd data-testid="signature-state">
          {contract.signature
            ? `подписан: ${contract.signature.signerName}, ${formatDateTime(contract.signature.signedAt)}`
            : "ожидает подписи клиента"}
        </dd>
        <dt>Предоплата</dt>
        <dd>
          {formatKopecks(payment.amount)} — {contract.payment?.status === "paid" ? "получена" : "ожидается"}
        </dd>
      </dl>
      <button type="button" className="btn btn-secondary btn-sm" onClick={onRefresh}>
        Обновить статус
      </button>
      {canKeepPayments && contract.payment?.status !== "paid" && (
        <PaymentReceivedForm paymentId={payment.paymentId} amount={payment.amount} onReceived={reloadPage} />
      )}
      {canKeepPayments && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={onRevoke}>
          Отозвать ссылку клиента
        </button>
      )}
    </div>
  );
}

/**
 * The page behind the wizard shows the contract's state (its badges are rendered on the server): once a payment
 * is marked, the page is loaded again so every badge says what the server now knows.
 */
export function reloadPage() {
  toastAfterNavigation({ title: "Оплата отмечена", variant: "success" });
  location.reload();
}
