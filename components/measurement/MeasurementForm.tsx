// The measurement form rendered from the engine's description (the estimating spec's «Site-work dialog» and
// «Measurement form fields»): one section open at a time, number inputs with inputmode="decimal", steppers
// for counts, per-item amounts revealed by their checkbox and sections revealed by their group flag. Shared
// by the site-work dialog and /field-work.
import { useMemo } from "react";
import { type FormField, type FormSection, TURNKEY_INLET_M } from "../../estimating/form.ts";
import { formatKopecks, formatNumber } from "../../domain/format.ts";
import {
  fieldSpec,
  type FormConfig,
  type FormValues,
  isRevealed,
  type Missing,
  modelOf,
  pricedByLengthsOf,
  valueProblem,
} from "./model.ts";

export interface MeasurementFormProps {
  config: FormConfig;
  values: FormValues;
  onChange: (name: string, value: string | boolean) => void;
  /** The open section's id ("" = all closed). */
  open: string;
  onOpen: (id: string) => void;
  missing: Missing[];
  /** The price-changing defaults nobody measured or confirmed yet: shown as suggestions. */
  unconfirmed: ReadonlySet<string>;
  /** Confirms these suggested defaults as they are (a section's «Подтвердить значения по умолчанию»). */
  onConfirm: (names: string[]) => void;
  /** Prefix of the inputs' ids (unique per form on the page). */
  idPrefix: string;
}

/** Whether a select offers "Не выбрано": the engine's descriptor allows the empty value and no option is empty. */
function allowsEmpty(f: FormField): boolean {
  const spec = fieldSpec(f.name);
  return spec?.kind === "enum" && spec.allowEmpty === true && !f.options?.some((o) => o.value === "");
}

/** The section a field belongs to. */
function sectionOfField(sections: readonly FormSection[], name: string): string | undefined {
  return sections.find((s) => s.fields.some((f) => f.name === name))?.id;
}

/**
 * The live 'Не заполнено:' line of the measurement screens (the estimating spec's «Validation rules»): each
 * missing item a link that opens its section (`onOpen`) and puts the cursor in its field. Announced politely
 * as it changes.
 */
export function MissingLine({ config, missing, unconfirmed, idPrefix, onOpen }: {
  config: FormConfig | null;
  missing: Missing[];
  /** The suggested defaults not confirmed: one entry for all of them, so the line stays short on a phone. */
  unconfirmed: ReadonlySet<string>;
  idPrefix: string;
  onOpen: (section: string) => void;
}) {
  if (missing.length === 0) return null;
  const open = (field: string) => {
    onOpen(sectionOfField(config?.sections ?? [], field) ?? "main");
    focusField(idPrefix, field);
  };
  const items = missing.filter((m) => !unconfirmed.has(m.field));
  const defaults = missing.filter((m) => unconfirmed.has(m.field));
  return (
    <p className="missing-line" role="status" aria-live="polite">
      <strong>Не заполнено:</strong> {items.map((m, i) => (
        <span key={m.field + i}>
          {i > 0 && ", "}
          <button type="button" className="link-btn" onClick={() => open(m.field)}>
            {m.label}
          </button>
        </span>
      ))}
      {defaults.length > 0 && (
        <>
          {items.length > 0 && ", "}
          <button
            type="button"
            className="link-btn"
            title={defaults.map((m) => m.label).join(", ")}
            onClick={() => open(defaults[0].field)}
          >
            {`не подтверждены значения по умолчанию (${defaults.length})`}
          </button>
        </>
      )}
    </p>
  );
}

/** Opens the field's section and puts the cursor in it (the missing-items line's links). */
function focusField(idPrefix: string, name: string) {
  requestAnimationFrame(() => {
    const el = document.getElementById(`${idPrefix}-${name}`);
    if (!el) return;
    el.scrollIntoView({ block: "center", behavior: "smooth" });
    (el as HTMLInputElement).focus({ preventScroll: true });
  });
}

export function MeasurementForm(props: MeasurementFormProps) {
  const { config, values, open, onOpen, missing } = props;
  const byName = useMemo(() => {
    const m = new Map<string, FormField>();
    for (const s of config.sections) for (const f of s.fields) m.set(f.name, f);
    return m;
  }, [config]);
  const missingBySection = useMemo(() => {
    const m = new Map<string, number>();
    for (const item of missing) {
      const id = sectionOfField(config.sections, item.field);
      if (id) m.set(id, (m.get(id) ?? 0) + 1);
    }
    return m;
  }, [config, missing]);

  return (
    <div className="mform">
      {config.sections.map((section, i) => {
        const isOpen = open === section.id;
        const shown = section.fields.filter((f) => isRevealed(byName, values, f.name));
        const used = section.fields.filter((f) =>
          f.kind === "boolean" && f.name !== section.flag && values[f.name] === true
        ).length;
        const flagOn = section.flag ? values[section.flag] === true : undefined;
        const lacking = missingBySection.get(section.id) ?? 0;
        return (
          <section key={section.id} className={isOpen ? "msection is-open" : "msection"}>
            <h3 className="msection-head">
              <button
                type="button"
                className="msection-toggle"
                aria-expanded={isOpen}
                aria-controls={`${props.idPrefix}-sec-${section.id}`}
                onClick={() =>
                  onOpen(isOpen ? "" : section.id)}
              >
                <span className="msection-num">{i + 1}</span>
                <span className="msection-title">{section.title}</span>
                {lacking > 0 && <span className="badge badge-danger">{lacking}</span>}
                {lacking === 0 && flagOn === true && <span className="badge badge-info">Да</span>}
                {lacking === 0 && flagOn !== true && used > 0 && (
                  <span className="badge badge-info">{used}</span>
                )}
                <svg className="chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
                </svg>
              </button>
            </h3>
            <div
              className="msection-body"
              id={`${props.idPrefix}-sec-${section.id}`}
              hidden={!isOpen}
            >
              <ConfirmDefaults
                names={shown.map((f) => f.name).filter((n) => props.unconfirmed.has(n))}
                onConfirm={props.onConfirm}
              />
              {section.id === "pipes" && <PricedByLengths config={config} values={values} />}
              {shown.map((f) => <FieldControl key={f.name} field={f} {...props} />)}
            </div>
          </section>
        );
      })}
    </div>
  );
}

/**
 * What the inlet and outlet lengths already price, shown at the top of «Прокладка труб»:
 * the same article ticked here is not added a second time.
 */
function PricedByLengths({ config, values }: { config: FormConfig; values: FormValues }) {
  const priced = pricedByLengthsOf(config, values);
  if (priced.length === 0) return null;
  return (
    <div className="mpriced" data-testid="priced-by-lengths">
      <p>
        Уже учтено по длинам подводящей и отводящей труб («Данные участка»); первые{" "}
        {TURNKEY_INLET_M}&nbsp;м подводящей трубы с траншеей входят в монтаж станции под ключ:
      </p>
      <ul>
        {priced.map((p) => (
          <li key={p.code}>
            {p.code} {p.label} — {formatNumber(p.quantity)}&nbsp;{p.unit}
          </li>
        ))}
      </ul>
      <p>
        Не отмечайте их здесь: та же позиция второй раз не учитывается. Другую трассу добавьте к длине трубы.
      </p>
    </div>
  );
}

/** The section's one-tap confirmation of the defaults it still shows as suggestions. */
function ConfirmDefaults({ names, onConfirm }: { names: string[]; onConfirm: (names: string[]) => void }) {
  if (names.length === 0) return null;
  return (
    <div className="mdefaults">
      <p>
        Значения с пометкой «по умолчанию» не измерены. Измените их или подтвердите, если они верны для этого
        участка.
      </p>
      <button type="button" className="btn btn-secondary" onClick={() => onConfirm(names)}>
        Подтвердить значения по умолчанию
      </button>
    </div>
  );
}

function FieldControl(
  { field: f, config, values, onChange, idPrefix, missing, unconfirmed }: MeasurementFormProps & {
    field: FormField;
  },
) {
  const id = `${idPrefix}-${f.name}`;
  const value = values[f.name];
  const suggested = unconfirmed.has(f.name);
  const isMissing = !suggested && missing.some((m) => m.field === f.name);
  const problem = valueProblem(fieldSpec(f.name), value);
  const nested = (f.revealedBy && f.kind !== "boolean" ? " mfield-nested" : "") +
    (suggested ? " mfield-default" : "");
  const label = (
    <label htmlFor={id}>
      {f.label}
      {f.unit && <span className="mfield-unit">, {f.unit}</span>}
      {f.required && <span className="field-required" aria-hidden="true">*</span>}
      {suggested && <span className="badge badge-warning mfield-default-tag">по умолчанию</span>}
    </label>
  );
  const error = problem ?? (isMissing && f.kind !== "boolean" ? "Заполните поле" : undefined);
  const errorText = error && <p className="field-error" id={`${id}-error`}>{error}</p>;
  const invalid = error ? true : undefined;
  const describedBy = error ? `${id}-error` : undefined;

  switch (f.kind) {
    case "boolean":
      return (
        <label className={`check mcheck${f.revealedBy ? " mcheck-item" : ""}`} htmlFor={id}>
          <input
            id={id}
            type="checkbox"
            checked={value === true}
            onChange={(e) => onChange(f.name, e.currentTarget.checked)}
          />
          <span>{f.label}</span>
          {f.code && <span className="mcode">{f.code}</span>}
        </label>
      );
    case "brand":
    case "model": {
      if (f.kind === "brand") {
        return (
          <div className="field">
            {label}
            <select
              id={id}
              value={String(value ?? "")}
              onChange={(e) => {
                onChange(f.name, e.currentTarget.value);
                const model = modelOf(config, values.septic_model);
                if (model && model.brand !== e.currentTarget.value) onChange("septic_model", "");
              }}
            >
              <option value="">Выберите производителя</option>
              {f.options?.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
            </select>
          </div>
        );
      }
      const model = modelOf(config, value);
      const brand = String(values.septic_brand || model?.brand || "");
      const models = config.models.filter((m) => m.brand === brand);
      return (
        <div className={isMissing ? "field field-invalid" : "field"}>
          {label}
          <select
            id={id}
            value={model?.id ?? ""}
            disabled={!brand}
            aria-invalid={isMissing || undefined}
            aria-describedby={describedBy}
            onChange={(e) => onChange(f.name, e.currentTarget.value)}
          >
            <option value="">{brand ? "Выберите модель" : "Сначала выберите производителя"}</option>
            {models.map((m) => <option key={m.id} value={m.id}>{m.name}</option>)}
          </select>
          {isMissing && <p className="field-error" id={`${id}-error`}>Выберите модель септика</p>}
          {model && (
            <dl className="model-info">
              <div>
                <dt>Производительность</dt>
                <dd>{`${formatNumber(model.capacity)}\u00a0л/сут`}</dd>
              </div>
              <div>
                <dt>Залповый сброс</dt>
                <dd>{`${formatNumber(model.peakDischarge)}\u00a0л`}</dd>
              </div>
              <div>
                <dt>Габариты (Д×Ш×В)</dt>
                <dd className="model-size">
                  {formatNumber(model.length)}×<wbr />
                  {formatNumber(model.width)}×<wbr />
                  {formatNumber(model.height)}
                  {"\u00a0"}мм
                </dd>
              </div>
              <div className="internal-only">
                <dt>Дилерская цена</dt>
                <dd className="money">{formatKopecks(model.dealerPrice * 100)}</dd>
              </div>
            </dl>
          )}
        </div>
      );
    }
    case "select":
      return (
        <div className={`field${nested}`}>
          {label}
          <select
            id={id}
            value={String(value ?? "")}
            onChange={(e) => onChange(f.name, e.currentTarget.value)}
          >
            {allowsEmpty(f) && <option value="">Не выбрано</option>}
            {f.options?.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </select>
        </div>
      );
    case "textarea":
    case "text":
      return (
        <div className={`field${nested}${error ? " field-invalid" : ""}`}>
          {label}
          <textarea
            id={id}
            rows={3}
            value={String(value ?? "")}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) => onChange(f.name, e.currentTarget.value)}
          />
          {errorText}
        </div>
      );
    case "integer": {
      const n = Number(String(value ?? "").replace(",", "."));
      const step = (delta: number) => {
        const base = Number.isFinite(n) ? n : 0;
        let next = Math.round(base) + delta;
        if (f.min !== undefined) next = Math.max(f.min, next);
        if (f.max !== undefined) next = Math.min(f.max, next);
        onChange(f.name, String(next));
      };
      return (
        <div className={`field${nested}${error ? " field-invalid" : ""}`}>
          {label}
          <div className="stepper">
            <button
              type="button"
              className="btn btn-secondary"
              aria-label={`Меньше: ${f.label}`}
              onClick={() => step(-1)}
            >
              −
            </button>
            <input
              id={id}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={String(value ?? "")}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(e) => onChange(f.name, e.currentTarget.value)}
            />
            <button
              type="button"
              className="btn btn-secondary"
              aria-label={`Больше: ${f.label}`}
              onClick={() => step(1)}
            >
              +
            </button>
          </div>
          {errorText}
        </div>
      );
    }
    default:
      return (
        <div className={`field${nested}${error ? " field-invalid" : ""}`}>
          {label}
          <div className="input-unit">
            <input
              id={id}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={String(value ?? "")}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(e) => onChange(f.name, e.currentTarget.value)}
            />
            {f.unit && <span aria-hidden="true">{f.unit}</span>}
          </div>
          {errorText}
        </div>
      );
  }
}
