// The client's actions on the private link: copy the requisites, accept the estimate, sign the contract by
// typing the full name and drawing the signature (the pad is a chunk of its own), attach the object to an account.
import { useState } from "react";
import { ApiRequestError, call, client } from "../components/api.ts";
import { toast, toastError } from "../components/toast.ts";
import { Field } from "../components/Field.tsx";
import { formatDateTime } from "../domain/format.ts";
import { type SignatureBody, SignForm } from "./ClientContract/SignForm.tsx";

export interface ClientContractProps {
  token: string;
  hasContract: boolean;
  /** A newer version replaced the link's: nothing to accept or sign (the page says why). */
  superseded: boolean;
  signed: { name: string; at: string } | null;
  accepted: boolean;
  /** The link shows an estimate the client may approve or ask to change. */
  hasEstimate: boolean;
  /** The client's latest request for changes to this version, if any. */
  changesRequested: { comment: string; at: string } | null;
  clientName: string;
  /** The requisites as text for «Скопировать реквизиты»; null without a payment. */
  requisites: string | null;
  account: "guest" | "customer" | "staff";
}

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: "Скопировано", variant: "success" });
  } catch {
    toastError("Не удалось скопировать: выделите текст реквизитов и скопируйте вручную");
  }
}

export default function ClientContract(props: ClientContractProps) {
  const [accepted, setAccepted] = useState(props.accepted);
  const [signed, setSigned] = useState(props.signed);
  const [fullName, setFullName] = useState(props.clientName);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [attached, setAttached] = useState<"approved" | "pending" | null>(null);
  const base = `/api/client-links/${props.token}`;
  const link = client["client-links"][":token"];
  const param = { token: props.token };

  const [asking, setAsking] = useState(false);
  const [comment, setComment] = useState("");
  const [requested, setRequested] = useState(props.changesRequested);

  async function accept() {
    setBusy(true);
    try {
      await call(link.accept.$post({ param, json: { name: fullName.trim() || undefined } }));
      setAccepted(true);
      toast({ title: "Смета принята", description: "Компания получила ваше согласие", variant: "success" });
    } catch (e) {
      toastError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  async function askForChanges(e: React.FormEvent) {
    e.preventDefault();
    if (comment.trim().length < 3) {
      setErrors({ comment: "Напишите, что изменить в смете (не короче 3 символов)" });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { decision } = await call(
        link["request-changes"].$post({
          param,
          json: { comment: comment.trim(), name: fullName.trim() || undefined },
        }),
      );
      // The decision just recorded has the comment sent and its time.
      setRequested({ comment: decision.comment!, at: decision.at! });
      setAsking(false);
      setComment("");
      toast({
        title: "Комментарий отправлен",
        description: "Компания пришлёт исправленную смету",
        variant: "success",
      });
    } catch (err) {
      if (err instanceof ApiRequestError && Object.keys(err.errors).length) {
        setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0]])));
      }
      toastError(err instanceof Error ? err.message : String(err), "Не удалось отправить комментарий");
    } finally {
      setBusy(false);
    }
  }

  async function sign(body: SignatureBody) {
    await call(link.sign.$post({ param, json: body }));
    setSigned({ name: body.fullName, at: new Date().toISOString() });
    setAccepted(true);
    toast({
      title: "Договор подписан",
      description: "Подписанный договор можно скачать в PDF",
      variant: "success",
    });
  }

  async function attach() {
    try {
      const { state } = await call(link.attach.$post({ param }));
      setAttached(state);
      toast(
        state === "approved"
          ? { title: "Объект уже прикреплён", description: "Он в профиле в разделе «Мои объекты»" }
          : {
            title: "Запрос отправлен компании",
            description: "Объект появится в «Мои объекты», когда компания подтвердит, что вы её клиент",
          },
      );
    } catch (e) {
      toastError(e instanceof Error ? e.message : String(e));
    }
  }

  const next = encodeURIComponent(`/c/${props.token}`);
  return (
    <div className="stack-lg client-actions">
      {props.requisites && (
        <button
          type="button"
          className="btn btn-secondary btn-block"
          onClick={() => void copy(props.requisites!)}
        >
          Скопировать реквизиты
        </button>
      )}
      {props.hasEstimate && !accepted && !signed && !props.superseded && (
        <section className="card stack client-quote" data-testid="quote">
          <h2 className="card-title">Согласование сметы</h2>
          {requested && (
            <p className="notice" role="status" data-testid="changes-requested">
              Вы попросили изменить смету{" "}
              {formatDateTime(requested.at)}: «{requested.comment}». Компания пришлёт исправленную смету.
            </p>
          )}
          {!props.hasContract && (
            <Field id="quote-name" label="Ваше имя">
              <input
                id="quote-name"
                className="input"
                autoComplete="name"
                value={fullName}
                onChange={(e) => setFullName(e.target.value)}
              />
            </Field>
          )}
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={busy}
            onClick={() =>
              void accept()}
          >
            Принять смету
          </button>
          {asking
            ? (
              <form className="stack" onSubmit={askForChanges} noValidate>
                <Field id="quote-comment" label="Что изменить в смете" error={errors.comment} required>
                  <textarea
                    id="quote-comment"
                    className="input"
                    rows={4}
                    value={comment}
                    onChange={(e) => setComment(e.target.value)}
                    aria-invalid={Boolean(errors.comment)}
                  />
                </Field>
                <button type="submit" className="btn btn-secondary btn-block" disabled={busy}>
                  Отправить комментарий
                </button>
              </form>
            )
            : (
              <button
                type="button"
                className="btn btn-secondary btn-block"
                disabled={busy}
                onClick={() => setAsking(true)}
              >
                Попросить изменить смету
              </button>
            )}
        </section>
      )}
      {accepted && !signed && (
        <p data-testid="quote-accepted">
          <span className="badge badge-success">Смета принята</span>
        </p>
      )}
      {props.hasContract && signed && (
        <section className="card client-signed" data-testid="signed">
          <h2 className="card-title">Договор подписан</h2>
          <p>
            {signed.name}, {formatDateTime(signed.at)}
          </p>
          <a className="btn btn-primary btn-block" href={`${base}/contract.pdf`}>Скачать подписанный PDF</a>
        </section>
      )}
      {props.hasContract && !signed && !props.superseded && (
        <SignForm
          nameId="sign-name"
          title="Подписать договор"
          initialName={fullName}
          consent="Я прочитал(а) договор и согласен(на) с его условиями"
          submitLabel="Подписать договор"
          failure="Не удалось подписать договор"
          className="card stack client-sign"
          onSign={sign}
        />
      )}
      <section className="card stack client-account">
        {props.account === "guest" && (
          <>
            <p>Войдите или зарегистрируйтесь, чтобы объект и договор были в вашем профиле.</p>
            <div className="row">
              <a className="btn btn-secondary" href={`/login?next=${next}`}>Войти</a>
              <a className="btn btn-secondary" href={`/login?tab=register&next=${next}`}>
                Зарегистрироваться
              </a>
            </div>
          </>
        )}
        {props.account === "customer" && (attached
          ? attached === "approved"
            ? <a href="/profile">Объект прикреплён — открыть «Мои объекты»</a>
            : (
              <p role="status">
                Запрос отправлен. Компания подтвердит, что вы её клиент, и объект появится в «Мои объекты».
              </p>
            )
          : (
            <button type="button" className="btn btn-secondary btn-block" onClick={() => void attach()}>
              Прикрепить объект к моей учётной записи
            </button>
          ))}
        {props.account === "staff" && (
          <p className="muted small">Вы вошли как сотрудник: так видит страницу клиент.</p>
        )}
      </section>
    </div>
  );
}
