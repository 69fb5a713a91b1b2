// The wizard's first tab: the client's data and the prepayment's share, submitted as «Сгенерировать договор».
import { Field } from "../../components/Field.tsx";
import { prepaymentPercents } from "../../domain/contracts.ts";
import { formatKopecks } from "../../domain/format.ts";
import type { ContractForm, WizardProps } from "./types.ts";
import type { ContractWizardState } from "./use_contract_wizard.ts";

const textFields: {
  key: Exclude<keyof ContractForm, "PREPAYMENT_PERCENT">;
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
const organisationLabels: Partial<Record<keyof ContractForm, string>> = {
  CLIENT_NAME: "Название организации",
  CLIENT_ADDRESS: "Юридический адрес",
};

export function ClientStep({ wizard: w, props }: { wizard: ContractWizardState; props: WizardProps }) {
  const { estimate } = props;
  const { form, errors, organisation } = w;
  return (
    <form id="contract-client-form" className="stack" onSubmit={w.generate} noValidate>
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
                  onChange={(e) => w.set(f.key, e.target.value)}
                  aria-invalid={Boolean(errors[f.key])}
                />
              )
              : (
                <input
                  id={`cw-${f.key}`}
                  className="input"
                  value={form[f.key]}
                  inputMode={f.key === "CLIENT_PHONE" ? "tel" : undefined}
                  onChange={(e) => w.set(f.key, e.target.value)}
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
                onChange={() => w.set("PREPAYMENT_PERCENT", p)}
              />
              <span>{p} %</span>
            </label>
          ))}
        </div>
        <p className="field-hint money">К оплате сейчас: {formatKopecks(w.prepayment)}</p>
      </fieldset>
      {!w.ready && (
        <p className="muted small">
          {organisation
            ? "Заполните юридический адрес организации, чтобы сгенерировать договор."
            : "Заполните паспорт и адрес регистрации клиента, чтобы сгенерировать договор."}
        </p>
      )}
    </form>
  );
}
