// The client's page, «Обслуживание»: the plans offered after the
// installation (the client asks for one: staff get a prefilled draft), the service contracts sent to the
// client — read, downloaded as PDF, signed by typing the full name and drawing the signature (the same pad as
// the works contract's, a chunk of its own) — and the warranty card and the well passport as PDF.
import { useState } from "react";
import { call, client } from "../components/api.ts";
import { toast, toastError } from "../components/toast.ts";
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
  /** The plans offered for the station just installed (prices of its size band), or null. */
  offer: {
    station: string;
    plans: { id: number; name: string; terms: string; perYear: string; perVisit: string }[];
  } | null;
}

/** The plans offered after the installation, each with «Хочу этот план»: staff get the request and a draft. */
function PlanOffer(
  { token, offer }: { token: string; offer: NonNullable<ClientServiceAgreementsProps["offer"]> },
) {
  const [asked, setAsked] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function ask(planId: number, name: string) {
    setBusy(true);
    try {
      await call(
        client["client-links"][":token"]["service-request"].$post({ param: { token }, json: { planId } }),
      );
      setAsked(name);
      toast({
        title: "Заявка отправлена",
        description: "Мы подготовим договор и пришлём его сюда",
        variant: "success",
      });
    } catch (err) {
      toastError(err instanceof Error ? err.message : String(err), "Не удалось отправить заявку");
    } finally {
      setBusy(false);
    }
  }
  if (asked) {
    return (
      <p className="notice notice-success" role="status">
        Заявка на план «{asked}» отправлена. Договор обслуживания появится на этой странице.
      </p>
    );
  }
  return (
    <div className="stack client-service-offer">
      <h3>Сервисное обслуживание станции</h3>
      <p className="muted">
        Станции нужна регулярная откачка ила и чистка эрлифтов. Выберите план для «{offer.station}» — цены для
        вашей станции:
      </p>
      <ul className="client-list">
        {offer.plans.map((p) => (
          <li key={p.id}>
            <span>
              <strong>«{p.name}»</strong> — {p.perYear} в год или {p.perVisit} за визит
              <br />
              <span className="muted small">{p.terms}</span>
            </span>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={busy}
              onClick={() => ask(p.id, p.name)}
            >
              Хочу этот план
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function SignForm({ token, id, clientName, onSigned }: {
  token: string;
  id: number;
  clientName: string;
  onSigned: (name: string) => void;
}) {
  async function sign(body: SignatureBody) {
    await call(
      client["client-links"][":token"].agreements[":id"].sign.$post({
        param: { token, id: String(id) },
        json: body,
      }),
    );
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
      {props.offer && <PlanOffer token={props.token} offer={props.offer} />}
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
