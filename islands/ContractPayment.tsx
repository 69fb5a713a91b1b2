// The contract page's staff actions: record the prepayment as received, revoke a client's link.
import { useState } from "react";
import { call, client } from "../components/api.ts";
import { toast, toastAfterNavigation, toastError } from "../components/toast.ts";
import { errorMessage } from "../components/form.ts";
import { PaymentReceivedForm } from "../components/PaymentReceived.tsx";
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
  const paid = payment?.status === "paid";
  const [links, setLinks] = useState(initial);

  async function revoke(id: number) {
    try {
      await call(client.contracts.links[":id"].revoke.$post({ param: { id: String(id) } }));
      setLinks((l) => l.map((x) => (x.id === id ? { ...x, revokedAt: new Date().toISOString() } : x)));
      toast({ title: "Ссылка отозвана", description: "Клиент больше не сможет её открыть" });
    } catch (err) {
      toastError(errorMessage(err));
    }
  }

  return (
    <div className="stack">
      {payment && !paid && (
        <PaymentReceivedForm
          paymentId={payment.id}
          amount={payment.amount}
          today={today}
          className="row received-form"
          onReceived={() => {
            // The page's badges are rendered on the server: load it again so all of them follow.
            toastAfterNavigation({ title: "Оплата отмечена", variant: "success" });
            location.reload();
          }}
        />
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
