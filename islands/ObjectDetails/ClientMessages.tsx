// The messages sent to the object's client: what, to whom, when, and whether the mail server took it or
// refused it (a bounce), with «Отправить ещё раз».
import { useEffect, useState } from "react";
import { type Answer, call, client } from "../../components/api.ts";
import { errorMessage } from "../../components/form.ts";
import { toast, toastError } from "../../components/toast.ts";
import { formatDateTime } from "../../domain/format.ts";

const objectMessages = client["client-messages"].object[":objectId"];
type Messages = Answer<typeof objectMessages.$get>;
type Message = Messages["messages"][number];

const badge = { sent: "badge-success", failed: "badge-danger", pending: "badge-warning" } as const;

export function ClientMessages({ objectId }: { objectId: number }) {
  const [data, setData] = useState<Messages | null>(null);
  const [error, setError] = useState("");
  const load = () =>
    call(objectMessages.$get({ param: { objectId: String(objectId) } })).then(
      setData,
      (e) => setError(errorMessage(e)),
    );
  useEffect(() => void load(), [objectId]);

  async function resend(m: Message) {
    try {
      await call(
        objectMessages.resend.$post({ param: { objectId: String(objectId) }, json: { messageId: m.id } }),
      );
      toast({ title: "Письмо поставлено в очередь", variant: "success" });
      await load();
    } catch (e) {
      toastError(errorMessage(e));
    }
  }
  if (error) return <p className="muted small">Письма клиенту: {error}</p>;
  if (!data) return null;
  return (
    <section className="stack" data-testid="client-messages">
      <h3 className="section-title">Письма клиенту</h3>
      {data.messages.length === 0
        ? <p className="muted small">Писем пока не было. Укажите e-mail клиента, чтобы письма уходили.</p>
        : (
          <ul className="link-list">
            {data.messages.map((m) => (
              <li key={m.id} className="stack-sm">
                <span>
                  <strong>{m.eventLabel}</strong> → {m.recipient}, {formatDateTime(m.createdAt)}
                </span>
                <span className="row">
                  <span className={`badge ${badge[m.status]}`}>{m.statusLabel}</span>
                  {m.sentAt && <span className="muted small">{formatDateTime(m.sentAt)}</span>}
                  {data.canResend && m.status !== "pending" && (
                    <button
                      type="button"
                      className="btn btn-ghost"
                      onClick={() => void resend(m)}
                    >
                      Отправить ещё раз
                    </button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
    </section>
  );
}
