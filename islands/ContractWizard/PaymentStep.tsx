// The wizard's third tab: the prepayment's amount, the client's link to copy and its QR code.
import { Field } from "../../components/Field.tsx";
import { toast, toastError } from "../../components/toast.ts";
import { formatKopecks } from "../../domain/format.ts";
import type { ContractState, PaymentState } from "./types.ts";

export function PaymentStep(
  { contract, payment }: { contract: ContractState | null; payment: PaymentState },
) {
  async function copyLink() {
    try {
      await navigator.clipboard.writeText(payment.paymentLink);
      toast({ title: "Скопировано", variant: "success" });
    } catch {
      toastError("Не удалось скопировать: выделите ссылку и скопируйте вручную");
    }
  }
  return (
    <div className="stack payment-tab">
      <p className="client-amount money">
        <span className="muted small">
          Предоплата {contract?.prepaymentPercent} % по договору №{contract?.contractNumber}
        </span>
        <strong data-testid="payment-amount">{formatKopecks(payment.amount)}</strong>
      </p>
      <Field
        id="cw-link"
        label="Ссылка для клиента"
        hint="Действует 30 дней. Откроется на телефоне без входа."
      >
        <div className="row nowrap">
          <input
            id="cw-link"
            className="input"
            readOnly
            value={payment.paymentLink}
            data-testid="payment-link"
          />
          <button type="button" className="btn btn-secondary" onClick={() => void copyLink()}>
            Скопировать
          </button>
        </div>
      </Field>
      <img
        className="wizard-qr"
        src={payment.qrCode}
        width={220}
        height={220}
        alt="QR-код для оплаты предоплаты"
      />
    </div>
  );
}
