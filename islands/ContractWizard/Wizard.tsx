// The wizard's four tabs: client data → contract preview → payment → completion (spec/3 §2.5, §5, §7, §8).
import { useState } from "react";
import { api } from "../../components/api.ts";
import { DialogHead } from "../../components/Dialog.tsx";
import { Field } from "../../components/Field.tsx";
import { PaymentReceivedForm } from "../../components/PaymentReceived.tsx";
import { toast, toastAfterNavigation, toastError } from "../../components/toast.ts";
import { errorMessage, serverErrors } from "../../components/form.ts";
import {
  contractDataSchema,
  DEFAULT_PREPAYMENT,
  prepaymentAmount,
  prepaymentPercents,
} from "../../domain/contracts.ts";
import { formatDateTime, formatKopecks } from "../../domain/format.ts";

/** The contract as GET /api/contracts/:id answers it (the part the wizard reads). */
export interface ContractState {
  id: number;
  contractData: Record<string, string>;
  contractNumber: string;
  version: number;
  contractText: string;
  prepaymentPercent: number;
  prepaymentAmount: number;
  totalAmount: number;
  signed: boolean;
  signature: { signerName: string; signedAt: string; hashMatches: boolean } | null;
  payment: { id: number; amount: number; status: string; receivedAt: string | null } | null;
}

export interface WizardProps {
  objectId: number;
  workType: string;
  estimate: { id: number; estimateNumber: string; totalAmount: number };
  client: {
    name: string;
    phone: string;
    objectAddress: string;
    city: string;
    /** A person (passport) or an organisation (its requisites, kept on the object). */
    kind: "person" | "organisation";
    legalAddress: string;
    /** The organisation's requisites in one line, as the contract prints them. */
    requisites: string;
  };
  /** The object's current contract, when there is one. */
  current: ContractState | null;
  /** May record a received payment and revoke a link. */
  canKeepPayments: boolean;
  onClose: () => void;
}

type Tab = "client" | "preview" | "payment" | "done";
const tabs: { id: Tab; label: string }[] = [
  { id: "client", label: "Клиент" },
  { id: "preview", label: "Договор" },
  { id: "payment", label: "Оплата" },
  { id: "done", label: "Завершение" },
];

interface PaymentState {
  amount: number;
  paymentLink: string;
  qrCode: string;
  paymentId: number;
  linkId: number;
}

type Form =
  & Record<
    | "CLIENT_NAME"
    | "CLIENT_PHONE"
    | "CLIENT_PASSPORT"
    | "CLIENT_ADDRESS"
    | "CONTRACT_NUMBER"
    | "OBJECT_ADDRESS"
    | "CITY",
    string
  >
  & { PREPAYMENT_PERCENT: number };

const textFields: {
  key: Exclude<keyof Form, "PREPAYMENT_PERCENT">;
  label: string;
  hint?: string;
  area?: boolean;
  required?: boolean;
}[] = [
  { key: "CLIENT_NAME", label: "ФИО клиента", required: true },
  { key: "CLIENT_PHONE", label: "Телефон" },
  {
    key: "CLIENT_PASSPORT",
    label: "Паспорт",
    hint: "Серия и номер, кем и когда выдан: 4510 123456, выдан ОВД … 12.03.2015",
    area: true,
    required: true,
  },
  { key: "CLIENT_ADDRESS", label: "Адрес регистрации клиента", required: true },
  { key: "OBJECT_ADDRESS", label: "Адрес объекта", required: true },
  { key: "CITY", label: "Город заключения договора" },
  {
    key: "CONTRACT_NUMBER",
    label: "Номер договора",
    hint: "Оставьте пустым: номер присвоится по порядку, «Д-2026-0001»",
  },
];

/** The same fields, named for an organisation client. */
const organisationLabels: Partial<Record<keyof Form, string>> = {
  CLIENT_NAME: "Название организации",
  CLIENT_ADDRESS: "Юридический адрес",
};

export default function Wizard(props: WizardProps) {
  const { estimate } = props;
  const [tab, setTab] = useState<Tab>("client");
  // A contract already made for the object is the starting point: generating again makes its next version.
  const [form, setForm] = useState<Form>(() => {
    const d = props.current?.contractData ?? {};
    return {
      CLIENT_NAME: d.CLIENT_NAME ?? props.client.name,
      CLIENT_PHONE: d.CLIENT_PHONE ?? props.client.phone,
      CLIENT_PASSPORT: d.CLIENT_PASSPORT ?? "",
      CLIENT_ADDRESS: d.CLIENT_ADDRESS ?? props.client.legalAddress,
      CONTRACT_NUMBER: d.CONTRACT_NUMBER ?? "",
      OBJECT_ADDRESS: d.OBJECT_ADDRESS ?? props.client.objectAddress,
      CITY: d.CITY ?? props.client.city,
      PREPAYMENT_PERCENT: Number(d.PREPAYMENT_PERCENT) || DEFAULT_PREPAYMENT,
    };
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [contract, setContract] = useState<ContractState | null>(null);
  const [payment, setPayment] = useState<PaymentState | null>(null);
  const [showItems, setShowItems] = useState(true);
  const [busy, setBusy] = useState(false);

  const set = (key: keyof Form, value: string | number) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: "" }));
  };
  const organisation = props.client.kind === "organisation";
  const ready = (organisation || form.CLIENT_PASSPORT.trim() !== "") && form.CLIENT_ADDRESS.trim() !== "";
  const prepayment = prepaymentAmount(estimate.totalAmount, form.PREPAYMENT_PERCENT);
  const reachable: Record<Tab, boolean> = {
    client: true,
    preview: contract !== null,
    payment: payment !== null,
    done: payment !== null,
  };

  async function generate(e: React.FormEvent) {
    e.preventDefault();
    const parsed = contractDataSchema.safeParse({ ...form, CLIENT_KIND: props.client.kind });
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const issue of parsed.error.issues) out[String(issue.path[0])] ??= issue.message;
      setErrors(out);
      return;
    }
    setBusy(true);
    try {
      const res = await api<{ contractText: string; contract: ContractState }>("/api/contracts/generate", {
        body: {
          templateId: `${props.workType}_contract`,
          contractData: { ...form, CLIENT_KIND: props.client.kind },
          objectId: props.objectId,
          estimateData: { id: estimate.id },
        },
      });
      setContract(res.contract);
      setPayment(null);
      toast({ title: "Договор сгенерирован", variant: "success" });
      setTab("preview");
    } catch (err) {
      const fields = serverErrors(err);
      setErrors(
        Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^contractData\./, ""), v])),
      );
      toastError(`Не удалось сгенерировать договор: ${errorMessage(err)}`, "Ошибка");
    } finally {
      setBusy(false);
    }
  }

  async function createPayment() {
    if (!contract) return;
    setBusy(true);
    try {
      const res = await api<PaymentState>("/api/payment/generate", {
        body: {
          amount: contract.prepaymentAmount,
          description: `Предоплата ${contract.prepaymentPercent} % по договору №${contract.contractNumber}`,
          objectId: props.objectId,
          contractId: contract.id,
          showItems,
        },
      });
      setPayment(res);
      toast({ title: "Платежная ссылка создана", variant: "success" });
      setTab("payment");
    } catch (err) {
      toastError(`Не удалось создать платежную ссылку: ${errorMessage(err)}`, "Ошибка");
    } finally {
      setBusy(false);
    }
  }

  async function copyLink() {
    if (!payment) return;
    try {
      await navigator.clipboard.writeText(payment.paymentLink);
      toast({ title: "Скопировано", variant: "success" });
    } catch {
      toastError("Не удалось скопировать: выделите ссылку и скопируйте вручную");
    }
  }

  async function refresh() {
    if (!contract) return;
    try {
      setContract(await api<ContractState>(`/api/contracts/${contract.id}`));
    } catch (err) {
      toastError(errorMessage(err));
    }
  }

  function print() {
    if (!contract) return;
    const w = open(`/contracts/${contract.id}/print`, "_blank");
    w?.addEventListener("load", () => w.print(), { once: true });
  }

  async function revoke() {
    if (!payment) return;
    try {
      await api(`/api/contracts/links/${payment.linkId}/revoke`, { method: "POST" });
      toast({ title: "Ссылка отозвана", description: "Клиент больше не сможет её открыть" });
    } catch (err) {
      toastError(errorMessage(err));
    }
  }

  // A signed contract is never made again: reopening shows it, its documents and its prepayment.
  const signed = props.current?.signature ? props.current : null;
  if (signed) return <SignedContract contract={signed} {...props} />;

  return (
    <>
      <DialogHead title="Заключение договора" titleId="contract-wizard-title" onClose={props.onClose}>
        {props.current && !contract && (
          <span className="badge badge-neutral">
            Текущий: №{props.current.contractNumber}, {props.current.signed ? "подписан" : "не подписан"}
          </span>
        )}
      </DialogHead>
      <div className="dialog-body stack">
        <div className="tabs" role="tablist" aria-label="Шаги договора">
          {tabs.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              className="tab"
              aria-selected={tab === t.id}
              disabled={!reachable[t.id]}
              onClick={() => setTab(t.id)}
            >
              {t.label}
            </button>
          ))}
        </div>

        {tab === "client" && (
          <form id="contract-client-form" className="stack" onSubmit={generate} noValidate>
            <p className="muted small">
              Смета № {estimate.estimateNumber} на {formatKopecks(estimate.totalAmount)}
              {props.current &&
                ` · договор №${props.current.contractNumber} уже есть: новая генерация создаст его следующую версию`}
            </p>
            {organisation && (
              <p className="notice notice-info" data-testid="organisation-client">
                Заказчик — организация: в договор войдут её реквизиты из карточки объекта
                {props.client.requisites ? ` (${props.client.requisites})` : ""} и согласованная неустойка.
              </p>
            )}
            <div className="form-grid">
              {textFields.filter((f) => !(organisation && f.key === "CLIENT_PASSPORT")).map((f) => (
                <Field
                  key={f.key}
                  id={`cw-${f.key}`}
                  label={organisation ? organisationLabels[f.key] ?? f.label : f.label}
                  hint={f.hint}
                  error={errors[f.key]}
                  required={f.required}
                >
                  {f.area
                    ? (
                      <textarea
                        id={`cw-${f.key}`}
                        className="input"
                        rows={2}
                        value={form[f.key]}
                        onChange={(e) => set(f.key, e.target.value)}
                        aria-invalid={Boolean(errors[f.key])}
                      />
                    )
                    : (
                      <input
                        id={`cw-${f.key}`}
                        className="input"
                        value={form[f.key]}
                        inputMode={f.key === "CLIENT_PHONE" ? "tel" : undefined}
                        onChange={(e) => set(f.key, e.target.value)}
                        aria-invalid={Boolean(errors[f.key])}
                      />
                    )}
                </Field>
              ))}
            </div>
            <fieldset className="field plain-fieldset">
              <legend>Предоплата</legend>
              <div className="row">
                {prepaymentPercents.map((p) => (
                  <label key={p} className="chip-radio">
                    <input
                      type="radio"
                      name="prepayment"
                      checked={form.PREPAYMENT_PERCENT === p}
                      onChange={() => set("PREPAYMENT_PERCENT", p)}
                    />
                    <span>{p} %</span>
                  </label>
                ))}
              </div>
              <p className="field-hint money">К оплате сейчас: {formatKopecks(prepayment)}</p>
            </fieldset>
            {!ready && (
              <p className="muted small">
                {organisation
                  ? "Заполните юридический адрес организации, чтобы сгенерировать договор."
                  : "Заполните паспорт и адрес регистрации клиента, чтобы сгенерировать договор."}
              </p>
            )}
          </form>
        )}

        {tab === "preview" && contract && (
          <div className="stack">
            <p className="muted small">
              Договор № {contract.contractNumber}, версия {contract.version}. Сумма{" "}
              {formatKopecks(contract.totalAmount)}, предоплата {contract.prepaymentPercent} % —{" "}
              {formatKopecks(contract.prepaymentAmount)}.
            </p>
            <pre
              className="contract-text"
              tabIndex={0}
              aria-label="Текст договора"
              data-testid="contract-text"
            >
              {contract.contractText}
            </pre>
            <div className="row">
              <a className="btn btn-secondary btn-sm" href={`/api/contracts/${contract.id}/pdf`}>PDF</a>
              <a className="btn btn-secondary btn-sm" href={`/api/contracts/${contract.id}/docx`}>
                DOCX (Word)
              </a>
              <button type="button" className="btn btn-secondary btn-sm" onClick={print}>Печать</button>
            </div>
            <label className="checkbox">
              <input type="checkbox" checked={showItems} onChange={(e) => setShowItems(e.target.checked)} />
              <span>Показывать клиенту позиции сметы (иначе только итоги разделов)</span>
            </label>
          </div>
        )}

        {tab === "payment" && payment && (
          <div className="stack payment-tab">
            <p className="client-amount money">
              <span className="muted small">
                Предоплата {contract?.prepaymentPercent} % по договору №{contract?.contractNumber}
              </span>
              <strong data-testid="payment-amount">{formatKopecks(payment.amount)}</strong>
            </p>
            <Field
              id="cw-link"
              label="Ссылка для клиента"
              hint="Действует 30 дней. Откроется на телефоне без входа."
            >
              <div className="row nowrap">
                <input
                  id="cw-link"
                  className="input"
                  readOnly
                  value={payment.paymentLink}
                  data-testid="payment-link"
                />
                <button type="button" className="btn btn-secondary" onClick={() => void copyLink()}>
                  Скопировать
                </button>
              </div>
            </Field>
            <img
              className="wizard-qr"
              src={payment.qrCode}
              width={220}
              height={220}
              alt="QR-код для оплаты предоплаты"
            />
          </div>
        )}

        {tab === "done" && contract && payment && (
          <div className="stack">
            <dl className="details">
              <dt>Договор</dt>
              <dd>№ {contract.contractNumber}, версия {contract.version}</dd>
              <dt>Подпись клиента</dt>
              <dd data-testid="signature-state">
                {contract.signature
                  ? `подписан: ${contract.signature.signerName}, ${
                    formatDateTime(contract.signature.signedAt)
                  }`
                  : "ожидает подписи клиента"}
              </dd>
              <dt>Предоплата</dt>
              <dd>
                {formatKopecks(payment.amount)} —{" "}
                {contract.payment?.status === "paid" ? "получена" : "ожидается"}
              </dd>
            </dl>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void refresh()}>
              Обновить статус
            </button>
            {props.canKeepPayments && contract.payment?.status !== "paid" && (
              <PaymentReceivedForm
                paymentId={payment.paymentId}
                amount={payment.amount}
                onReceived={reloadPage}
              />
            )}
            {props.canKeepPayments && (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => void revoke()}
              >
                Отозвать ссылку клиента
              </button>
            )}
          </div>
        )}
      </div>
      <div className="dialog-foot">
        {tab === "client" && (
          <>
            <button type="button" className="btn btn-secondary" onClick={props.onClose}>Отмена</button>
            <button
              type="submit"
              form="contract-client-form"
              className="btn btn-primary"
              disabled={!ready || busy}
              aria-busy={busy}
            >
              {busy ? "Генерация…" : "Сгенерировать договор"}
            </button>
          </>
        )}
        {tab === "preview" && (
          <>
            <button type="button" className="btn btn-secondary" onClick={() => setTab("client")}>
              Назад
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() => void createPayment()}
            >
              {busy ? "Создание…" : "Создать платежную ссылку"}
            </button>
          </>
        )}
        {tab === "payment" && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => setTab("done")}
          >
            Далее
          </button>
        )}
        {tab === "done" && (
          <button type="button" className="btn btn-primary" onClick={props.onClose}>Готово</button>
        )}
      </div>
    </>
  );
}

/**
 * The page behind the wizard shows the contract's state (its badges are rendered on the server): once a payment
 * is marked, the page is loaded again so every badge says what the server now knows.
 */
function reloadPage() {
  toastAfterNavigation({ title: "Оплата отмечена", variant: "success" });
  location.reload();
}

/** The object's signed contract: what was signed, by whom, its documents and the prepayment's state. */
function SignedContract(props: WizardProps & { contract: ContractState }) {
  const c = props.contract;
  const payment = c.payment;
  return (
    <>
      <DialogHead title="Заключение договора" titleId="contract-wizard-title" onClose={props.onClose}>
        <span className="badge badge-success">Договор подписан</span>
      </DialogHead>
      <div className="dialog-body stack" data-testid="signed-contract">
        <p>
          Договор № {c.contractNumber}, версия {c.version}, подписан клиентом: {c.signature!.signerName},{" "}
          {formatDateTime(c.signature!.signedAt)}. Подписанный договор не меняется.
        </p>
        <dl className="details">
          <dt>Сумма договора</dt>
          <dd className="money">{formatKopecks(c.totalAmount)}</dd>
          <dt>Предоплата</dt>
          <dd>
            {formatKopecks(c.prepaymentAmount)} ({c.prepaymentPercent} %) — {payment?.status === "paid"
              ? `получена${payment.receivedAt ? ` ${formatDateTime(payment.receivedAt)}` : ""}`
              : payment
              ? "ожидается"
              : "платёжная ссылка не создана"}
          </dd>
        </dl>
        <div className="row">
          <a className="btn btn-secondary btn-sm" href={`/contracts/${c.id}`}>Открыть договор</a>
          <a className="btn btn-secondary btn-sm" href={`/api/contracts/${c.id}/pdf`}>PDF</a>
          <a className="btn btn-secondary btn-sm" href={`/api/contracts/${c.id}/docx`}>DOCX (Word)</a>
        </div>
        {props.canKeepPayments && payment && payment.status === "pending" && (
          <PaymentReceivedForm paymentId={payment.id} amount={payment.amount} onReceived={reloadPage} />
        )}
      </div>
      <div className="dialog-foot">
        <button type="button" className="btn btn-primary" onClick={props.onClose}>Закрыть</button>
      </div>
    </>
  );
}
