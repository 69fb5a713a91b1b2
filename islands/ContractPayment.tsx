// The contract page's staff actions: record the prepayment as received, revoke a client's link.
import { useState } from "react";
import { api } from "../components/api.ts";
import { toast, toastError } from "../components/toast.ts";
import { errorMessage, serverErrors } from "../components/form.ts";
import { TextField } from "../components/Field.tsx";
import { formatDateTime } from "../domain/format.ts";

export interface ContractPaymentProps {
  payment: { id: number; amount: number; status: string } | null;
  links: {
    id: number;
    createdAt: string;
    expiresAt: string;
    revokedAt: string | null;
    openedAt: string | null;
  }[];
  today: string;
}

export default function ContractPayment({ payment, links: initial, today }: ContractPaymentProps) {
  const [paid, setPaid] = useState(payment?.status === "paid");
  const [amount, setAmount] = useState(payment ? String(payment.amount / 100).replace(".", ",") : "");
  const [on, setOn] = useState(today);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [links, setLinks] = useState(initial);

  async function markReceived(e: React.FormEvent) {
    e.preventDefault();
    if (!payment) return;
    const kopecks = Math.round(Number(amount.replace(/\s/g, "").replace(",", ".")) * 100);
    try {
      await api(`/api/payment/${payment.id}/received`, { body: { amount: kopecks, receivedOn: on } });
      setPaid(true);
      toast({ title: "Оплата отмечена", variant: "success" });
    } catch (err) {
      setErrors(serverErrors(err));
      toastError(errorMessage(err));
    }
  }

  async function revoke(id: number) {
    try {
      await api(`/api/contracts/links/${id}/revoke`, { method: "POST" });
      setLinks((l) => l.map((x) => (x.id === id ? { ...x, revokedAt: new Date().toISOString() } : x)));
      toast({ title: "Ссылка отозвана", description: "Клиент больше не сможет её открыть" });
    } catch (err) {
      toastError(errorMessage(err));
    }
  }

  return (
    <div className="stack">
      {payment && !paid && (
        <form className="row received-form" onSubmit={markReceived} noValidate>
          <TextField
            id="cp-amount"
            label="Получено, ₽"
            error={errors.amount}
            className="input"
            inputMode="decimal"
            value={amount}
            onValue={setAmount}
          />
          <TextField
            id="cp-on"
            label="Дата"
            error={errors.receivedOn}
            type="date"
            className="input"
            value={on}
            onValue={setOn}
          />
          <button type="submit" className="btn btn-secondary">Отметить оплату</button>
        </form>
      )}
      {paid && (
        <p>
          <span className="badge badge-success">Предоплата получена</span>
        </p>
      )}
      {links.length > 0 && (
        <ul className="link-list">
          {links.map((l) => (
            <li key={l.id} className="row-between">
              <span className="small">
                Ссылка от {formatDateTime(l.createdAt)} · {l.revokedAt
                  ? `отозвана ${formatDateTime(l.revokedAt)}`
                  : new Date(l.expiresAt) <= new Date()
                  ? "истекла"
                  : `действует до ${formatDateTime(l.expiresAt)}`}
                {l.openedAt ? ` · клиент открыл ${formatDateTime(l.openedAt)}` : " · клиент ещё не открывал"}
              </span>
              {!l.revokedAt && new Date(l.expiresAt) > new Date() && (
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() => void revoke(l.id)}
                >
                  Отозвать
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
