// The client's page, «Обслуживание» (issue 27 item 2, issue 25 item 9): the service contracts sent to the
// client — read, downloaded as PDF, signed by typing the full name and drawing the signature (the same pad as
// the works contract's, a chunk of its own) — and the warranty card and the well passport as PDF.
import { useState } from "react";
import { api } from "../components/api.ts";
import { toast } from "../components/toast.ts";
import { type SignatureBody, SignForm as SignatureForm } from "./ClientContract/SignForm.tsx";

export interface ClientServiceAgreementsProps {
  token: string;
  clientName: string;
  agreements: {
    id: number;
    number: string;
    planName: string;
    terms: string;
    status: "sent" | "signed" | "ended";
    signed: string | null;
  }[];
  documents: { href: string; label: string }[];
}

function SignForm({ token, id, clientName, onSigned }: {
  token: string;
  id: number;
  clientName: string;
  onSigned: (name: string) => void;
}) {
  async function sign(body: SignatureBody) {
    await api(`/api/client-links/${token}/agreements/${id}/sign`, { body });
    toast({ title: "Договор обслуживания подписан", variant: "success" });
    onSigned(body.fullName);
  }
  return (
    <SignatureForm
      nameId={`svc-name-${id}`}
      initialName={clientName}
      consent="С условиями договора обслуживания согласен(-на)"
      submitLabel="Подписать договор обслуживания"
      failure="Не удалось подписать договор"
      onSign={sign}
    />
  );
}

export default function ClientServiceAgreements(props: ClientServiceAgreementsProps) {
  const [signed, setSigned] = useState<Record<number, string>>({});
  return (
    <section className="card" id="client-service">
      <header className="card-head">
        <h2 className="card-title">Обслуживание и документы на оборудование</h2>
      </header>
      <ul className="client-list">
        {props.documents.map((d) => (
          <li key={d.href}>
            <span>{d.label}</span>
            <a className="btn btn-secondary btn-sm" href={d.href}>PDF</a>
          </li>
        ))}
      </ul>
      {props.agreements.map((a) => {
        const signer = a.signed ?? signed[a.id];
        return (
          <div key={a.id} className="stack client-service-agreement">
            <h3>Договор обслуживания № {a.number} · план «{a.planName}»</h3>
            <p className="muted">{a.terms}</p>
            <a
              className="btn btn-secondary btn-sm"
              href={`/api/client-links/${props.token}/agreements/${a.id}/pdf`}
            >
              Договор (PDF)
            </a>
            {signer
              ? <p className="badge badge-success">Подписан: {signer}</p>
              : a.status === "sent" && (
                <SignForm
                  token={props.token}
                  id={a.id}
                  clientName={props.clientName}
                  onSigned={(name) => setSigned({ ...signed, [a.id]: name })}
                />
              )}
          </div>
        );
      })}
    </section>
  );
}
