// The payment on the client's own phone, without a second screen: each requisite with its own copy button (to
// paste into the bank app's transfer form) and the QR saved as a picture (the bank app's «Оплата по QR» opens it
// from the gallery).
import { toast, toastError } from "../components/toast.ts";

export interface PaymentRequisitesProps {
  fields: { label: string; value: string; copy?: string }[];
  /** The QR as a file to save; null when the payment asks for nothing any more. */
  qrFileUrl: string | null;
}

async function copy(label: string, text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: "Скопировано", description: label, variant: "success" });
  } catch {
    toastError("Не удалось скопировать: выделите значение и скопируйте вручную");
  }
}

export default function PaymentRequisites({ fields, qrFileUrl }: PaymentRequisitesProps) {
  return (
    <div className="stack">
      {qrFileUrl && (
        <p className="stack-sm">
          <a className="btn btn-secondary" href={qrFileUrl} download data-testid="qr-save">
            Сохранить QR-код в галерею
          </a>
          <span className="muted small">
            Оплата с этого же телефона: сохраните картинку, откройте приложение банка → «Оплата по QR» → «Из
            галереи». Или скопируйте реквизиты ниже.
          </span>
        </p>
      )}
      <dl className="requisite-list" data-testid="requisites">
        {fields.map((f) => (
          <div key={f.label} className="requisite-row">
            <dt className="muted small">{f.label}</dt>
            <dd>{f.value}</dd>
            <button
              type="button"
              className="btn btn-ghost btn-sm requisite-copy"
              aria-label={`Скопировать: ${f.label}`}
              onClick={() => void copy(f.label, f.copy ?? f.value)}
            >
              Копировать
            </button>
          </div>
        ))}
      </dl>
    </div>
  );
}
