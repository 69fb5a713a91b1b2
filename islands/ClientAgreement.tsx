// The client's answer to a supplementary agreement on the private link: sign it (the shared signature block)
// or refuse with a comment the company sees.
import { useState } from "react";
import { ApiRequestError, call, client } from "../components/api.ts";
import { toast, toastError } from "../components/toast.ts";
import { Field } from "../components/Field.tsx";
import { formatDateTime } from "../domain/format.ts";
import { type SignatureBody, SignForm } from "./ClientContract/SignForm.tsx";

export interface ClientAgreementProps {
  token: string;
  title: string;
  signed: { name: string; at: string } | null;
  refused: { comment: string; at: string } | null;
  clientName: string;
}

export default function ClientAgreement(props: ClientAgreementProps) {
  const [signed, setSigned] = useState(props.signed);
  const [refused, setRefused] = useState(props.refused);
  const [refusing, setRefusing] = useState(false);
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const base = `/api/client-links/${props.token}/agreement`;
  const link = { param: { token: props.token } };
  const agreement = client["client-links"][":token"].agreement;

  async function sign(body: SignatureBody) {
    await call(agreement.sign.$post({ ...link, json: body }));
    setSigned({ name: body.fullName, at: new Date().toISOString() });
    toast({ title: "Соглашение подписано", variant: "success" });
  }

  async function refuse(e: React.FormEvent) {
    e.preventDefault();
    if (comment.trim().length < 3) {
      setError("Напишите, почему вы не подписываете соглашение (не короче 3 символов)");
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await call(agreement.refuse.$post({ ...link, json: { comment: comment.trim() } }));
      setRefused({ comment: comment.trim(), at: new Date().toISOString() });
      toast({ title: "Ответ отправлен", description: "Компания свяжется с вами", variant: "success" });
    } catch (err) {
      if (err instanceof ApiRequestError && err.errors.comment) setError(err.errors.comment[0]);
      toastError(err instanceof Error ? err.message : String(err), "Не удалось отправить ответ");
    } finally {
      setBusy(false);
    }
  }

  if (signed) {
    return (
      <section className="card client-signed" data-testid="agreement-signed">
        <h2 className="card-title">Соглашение подписано</h2>
        <p>{signed.name}, {formatDateTime(signed.at)}</p>
        <a className="btn btn-primary btn-block" href={`${base}.pdf`}>Скачать подписанное соглашение (PDF)</a>
      </section>
    );
  }
  if (refused) {
    return (
      <p className="notice notice-warning" role="status" data-testid="agreement-refused">
        Вы не подписали {props.title}{" "}
        {formatDateTime(refused.at)}: «{refused.comment}». Компания свяжется с вами.
      </p>
    );
  }
  return (
    <div className="stack">
      <SignForm
        nameId="agreement-sign-name"
        title="Подписать соглашение"
        initialName={props.clientName}
        consent="Я прочитал(а) соглашение и согласен(на) с изменением работ и цены"
        consentError="Подтвердите согласие с условиями соглашения"
        submitLabel="Подписать соглашение"
        failure="Не удалось подписать соглашение"
        className="card stack client-sign"
        testId="agreement-sign"
        onSign={sign}
      />
      {refusing
        ? (
          <form className="card stack" onSubmit={refuse} noValidate>
            <Field id="agreement-refusal" label="Почему вы не согласны" error={error ?? undefined} required>
              <textarea
                id="agreement-refusal"
                className="input"
                rows={4}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                aria-invalid={Boolean(error)}
              />
            </Field>
            <button type="submit" className="btn btn-secondary btn-block" disabled={busy}>
              Отправить ответ
            </button>
          </form>
        )
        : (
          <button type="button" className="btn btn-secondary btn-block" onClick={() => setRefusing(true)}>
            Не подписывать: не согласен(на)
          </button>
        )}
    </div>
  );
}
