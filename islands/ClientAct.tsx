// The client's answer to the act of completed works on the private link: sign it (full name and a drawn
// signature, the contract's pad and checks) or refuse with a comment the company sees.
import { useState } from "react";
import { ApiRequestError, call, client } from "../components/api.ts";
import { toast, toastError } from "../components/toast.ts";
import { Field } from "../components/Field.tsx";
import { formatDateTime } from "../domain/format.ts";
import { type SignatureBody, SignForm } from "./ClientContract/SignForm.tsx";

export interface ClientActProps {
  token: string;
  actNumber: string;
  signed: { name: string; at: string } | null;
  refused: { comment: string; at: string } | null;
  clientName: string;
}

const fieldErrors = (err: unknown) =>
  err instanceof ApiRequestError
    ? Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0]]))
    : {};

export default function ClientAct(props: ClientActProps) {
  const [signed, setSigned] = useState(props.signed);
  const [refused, setRefused] = useState(props.refused);
  const [refusing, setRefusing] = useState(false);
  const [comment, setComment] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const base = `/api/client-links/${props.token}`;
  const link = { param: { token: props.token } };
  const act = client["client-links"][":token"].act;

  async function sign(body: SignatureBody) {
    await call(act.sign.$post({ ...link, json: body }));
    setSigned({ name: body.fullName, at: new Date().toISOString() });
    toast({
      title: "Акт подписан",
      description: "Подписанный акт можно скачать в PDF",
      variant: "success",
    });
  }

  async function refuse(e: React.FormEvent) {
    e.preventDefault();
    if (comment.trim().length < 3) {
      setErrors({ comment: "Напишите, почему вы не подписываете акт (не короче 3 символов)" });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await call(act.refuse.$post({
        ...link,
        json: { comment: comment.trim(), name: props.clientName.trim() || undefined },
      }));
      setRefused({ comment: comment.trim(), at: new Date().toISOString() });
      toast({ title: "Замечания отправлены", description: "Компания свяжется с вами", variant: "success" });
    } catch (err) {
      setErrors(fieldErrors(err));
      toastError(err instanceof Error ? err.message : String(err), "Не удалось отправить замечания");
    } finally {
      setBusy(false);
    }
  }

  if (signed) {
    return (
      <section className="card client-signed" data-testid="act-signed">
        <h2 className="card-title">Акт подписан</h2>
        <p>{signed.name}, {formatDateTime(signed.at)}</p>
        <a className="btn btn-primary btn-block" href={`${base}/act.pdf`}>Скачать подписанный акт (PDF)</a>
      </section>
    );
  }
  if (refused) {
    return (
      <p className="notice notice-warning" role="status" data-testid="act-refused">
        Вы не подписали акт № {props.actNumber}{" "}
        {formatDateTime(refused.at)}: «{refused.comment}». Компания свяжется с вами и пришлёт исправленный
        акт.
      </p>
    );
  }
  return (
    <div className="stack">
      <SignForm
        nameId="act-sign-name"
        title="Подписать акт"
        initialName={props.clientName}
        consent="Работы выполнены, я принимаю их и согласен(на) с суммой акта"
        consentError="Подтвердите, что работы приняты"
        submitLabel="Подписать акт"
        failure="Не удалось подписать акт"
        className="card stack client-sign"
        testId="act-sign"
        onSign={sign}
      />
      {refusing
        ? (
          <form className="card stack" onSubmit={refuse} noValidate data-testid="act-refuse">
            <Field id="act-refusal" label="Что не так с работами или актом" error={errors.comment} required>
              <textarea
                id="act-refusal"
                className="input"
                rows={4}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                aria-invalid={Boolean(errors.comment)}
              />
            </Field>
            <button type="submit" className="btn btn-secondary btn-block" disabled={busy}>
              Отправить замечания
            </button>
          </form>
        )
        : (
          <button type="button" className="btn btn-secondary btn-block" onClick={() => setRefusing(true)}>
            Не подписывать: есть замечания
          </button>
        )}
    </div>
  );
}
