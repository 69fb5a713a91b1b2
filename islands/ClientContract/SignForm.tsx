// The client's signature on the private link, one block for every document signed there (the contract, the
// supplementary agreement, the act, the service contract): the full name, the drawn signature (the pad is a
// chunk of its own, loaded once the page is in the browser), the consent box and the button, with the
// contract's checks (domain/contract_text.ts signatureProblems) before anything is sent.
import { Suspense, useEffect, useRef, useState } from "react";
import { ApiRequestError } from "../../components/api.ts";
import { toastError } from "../../components/toast.ts";
import { Field } from "../../components/Field.tsx";
import { lazyPart } from "../../components/lazy.ts";
import { signatureProblems } from "../../domain/contract_text.ts";
import type { SignatureFieldHandle, SignatureFieldProps } from "./SignatureField.tsx";
import { BusyButton } from "../../components/BusyButton.tsx";

/** What a signature sends. */
export interface SignatureBody {
  fullName: string;
  signature: string;
  agree: boolean;
}

export interface SignFormProps {
  /** The name field's id (unique on the page). */
  nameId: string;
  /** The form's heading; none when the surrounding card names it. */
  title?: string;
  initialName: string;
  /** What the consent box says, and what it says when left unticked. */
  consent: string;
  consentError?: string;
  submitLabel: string;
  /** The toast's title when signing fails. */
  failure: string;
  className?: string;
  testId?: string;
  /** Sends the signature; throws (an ApiRequestError with field messages) when refused. */
  onSign: (body: SignatureBody) => Promise<void>;
}

const signaturePad = lazyPart<SignatureFieldProps>(
  () => import("./SignatureField.tsx"),
  () => <p className="form-error" role="alert">Не удалось загрузить поле подписи. Обновите страницу.</p>,
);

function SignatureSkeleton() {
  return <div className="skeleton signature-skeleton" aria-label="Загрузка поля подписи" />;
}

export function SignForm(props: SignFormProps) {
  const [fullName, setFullName] = useState(props.initialName);
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const pad = useRef<SignatureFieldHandle>(null);
  const Pad = signaturePad.component();
  // A lazy part cannot render to a string: the server and the first render show the placeholder.
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);

  async function sign(e: React.FormEvent) {
    e.preventDefault();
    const body = { fullName, signature: pad.current?.dataUrl() ?? "", agree };
    const problems = signatureProblems(body);
    if (problems.agree && props.consentError) problems.agree = props.consentError;
    if (Object.keys(problems).length) {
      setErrors(problems);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await props.onSign({ ...body, fullName: fullName.trim() });
    } catch (err) {
      if (err instanceof ApiRequestError && Object.keys(err.errors).length) {
        setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0]])));
      }
      toastError(err instanceof Error ? err.message : String(err), props.failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={props.className ?? "stack"} onSubmit={sign} noValidate data-testid={props.testId}>
      {props.title && <h2 className="card-title">{props.title}</h2>}
      <Field id={props.nameId} label="Фамилия, имя и отчество" error={errors.fullName} required>
        <input
          id={props.nameId}
          className="input"
          autoComplete="name"
          value={fullName}
          onChange={(e) => setFullName(e.target.value)}
          aria-invalid={Boolean(errors.fullName)}
        />
      </Field>
      {inBrowser
        ? (
          <Suspense fallback={<SignatureSkeleton />}>
            <Pad handle={pad} error={errors.signature} />
          </Suspense>
        )
        : <SignatureSkeleton />}
      <label className="checkbox">
        <input type="checkbox" checked={agree} onChange={(e) => setAgree(e.target.checked)} />
        <span>{props.consent}</span>
      </label>
      {errors.agree && <p className="field-error" role="alert">{errors.agree}</p>}
      <BusyButton type="submit" className="btn btn-primary btn-block" busy={busy} busyLabel="Подписание…">
        {props.submitLabel}
      </BusyButton>
    </form>
  );
}
