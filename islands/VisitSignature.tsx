// The client's signature of a service visit report: the name and the drawn signature, posted to `url` (the
// staff's phone: /api/service/visits/:id/sign; the client's link: /api/client-links/:token/visits/:id/sign).
import { Suspense, useEffect, useRef, useState } from "react";
import { ApiRequestError, sendJson } from "../components/api.ts";
import { toast, toastError } from "../components/toast.ts";
import { lazyPart } from "../components/lazy.ts";
import { formatDateTime } from "../domain/format.ts";
import type { SignatureFieldHandle, SignatureFieldProps } from "./ClientContract/SignatureField.tsx";
import { BusyButton } from "../components/BusyButton.tsx";

export interface VisitSignatureProps {
  url: string;
  clientName: string;
  /** Already signed: by whom and when (ISO). */
  signed: { name: string; at: string } | null;
}

const signaturePad = lazyPart<SignatureFieldProps>(
  () => import("./ClientContract/SignatureField.tsx"),
  () => <p className="form-error" role="alert">Не удалось загрузить поле подписи. Обновите страницу.</p>,
);

export default function VisitSignature(props: VisitSignatureProps) {
  const [signed, setSigned] = useState(props.signed);
  const [name, setName] = useState(props.clientName);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  const pad = useRef<SignatureFieldHandle>(null);
  const Pad = signaturePad.component();

  if (signed) {
    return (
      <p className="visit-signed" role="status">
        Отчёт подписан клиентом: {signed.name}, {formatDateTime(signed.at)}
      </p>
    );
  }

  async function sign(e: React.FormEvent) {
    e.preventDefault();
    const body = { signerName: name.trim(), signature: pad.current?.dataUrl() ?? "" };
    const problems: Record<string, string> = {};
    if (body.signerName.length < 3) problems.signerName = "Укажите фамилию и имя";
    if (!body.signature) problems.signature = "Распишитесь в поле подписи";
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      await sendJson(props.url, body);
      setSigned({ name: body.signerName, at: new Date().toISOString() });
      toast({ title: "Отчёт подписан", variant: "success" });
    } catch (err) {
      if (err instanceof ApiRequestError && Object.keys(err.errors).length) {
        setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0]])));
      }
      toastError(err instanceof Error ? err.message : String(err), "Не удалось подписать отчёт");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="stack visit-sign" onSubmit={sign} noValidate>
      <div className={errors.signerName ? "field field-invalid" : "field"}>
        <label htmlFor="visit-signer">Фамилия и имя клиента</label>
        <input
          id="visit-signer"
          value={name}
          autoComplete="name"
          onChange={(e) => setName(e.currentTarget.value)}
        />
        {errors.signerName && <p className="field-error" role="alert">{errors.signerName}</p>}
      </div>
      {inBrowser
        ? (
          <Suspense fallback={<div className="signature-pad skeleton" />}>
            <Pad handle={pad} error={errors.signature} />
          </Suspense>
        )
        : <div className="signature-pad skeleton" />}
      <BusyButton type="submit" className="btn btn-primary" busy={busy} busyLabel="Подписание…">
        Подписать отчёт
      </BusyButton>
    </form>
  );
}
