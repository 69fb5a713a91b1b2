// The body of the object dialog (loaded when it opens): the form, its validation and the address suggestions.
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from "react";
import {
  createStatuses,
  formWorkTypes,
  normalizeObjectInput,
  objectCreateSchema,
  type ObjectJson,
  objectPatchSchema,
  objectStatuses,
} from "../../domain/objects.ts";
import { objectStatusLabels, workTypeLabels } from "../../domain/labels.ts";
import { formatMkadDistance } from "../../domain/geo.ts";
import { bindTextFields, Field, type FieldOptions } from "../../components/Field.tsx";
import { DialogHead, SubmitFooter } from "../../components/Dialog.tsx";
import { call, client } from "../../components/api.ts";
import { errorMessage, type Errors, firstErrors, serverErrors } from "../../components/form.ts";
import { toast, toastAfterNavigation, toastError } from "../../components/toast.ts";

export interface ObjectFormProps {
  mode: "create" | "edit";
  /** The object to edit (null when creating). */
  object: ObjectJson | null;
  afterSave: "reload" | "event";
  variant?: "manager" | "improved";
  /** The id of the heading that names the dialog. */
  titleId: string;
  close: () => void;
}

interface Suggestion {
  value: string;
  data: {
    city: string | null;
    settlement: string | null;
    region: string | null;
    region_with_type?: string | null;
    geo_lat: string | null;
    geo_lon: string | null;
    district?: string;
    direction?: string | null;
    distance_from_mkad?: number | null;
  };
}

type Values = Record<
  | "address"
  | "settlement"
  | "region"
  | "district"
  | "direction"
  | "distanceFromMKAD"
  | "clientName"
  | "clientPhone"
  | "clientEmail"
  | "workType"
  | "status"
  | "estimatedCost"
  | "actualCost"
  | "description"
  | "latitude"
  | "longitude"
  | "clientKind"
  | typeof clientRequisiteFields[number],
  string
>;

/** An organisation client's requisites, as the form shows them (domain/objects.ts checks them). */
const clientRequisiteFields = [
  "clientInn",
  "clientKpp",
  "clientOgrn",
  "clientLegalAddress",
  "clientSigner",
  "clientBankName",
  "clientBankBik",
  "clientBankAccount",
  "clientBankCorAccount",
] as const;

const REGION = "Московская область";

function valuesOf(o: ObjectJson | null | undefined): Values {
  const s = (v: unknown) => (v === null || v === undefined ? "" : String(v));
  return {
    address: s(o?.address),
    settlement: s(o?.settlement ?? o?.city),
    region: o ? s(o.region) : REGION,
    district: s(o?.district),
    direction: s(o?.direction),
    distanceFromMKAD: s(o?.distanceFromMKAD),
    clientName: s(o?.clientName),
    clientPhone: s(o?.clientPhone),
    clientEmail: s(o?.clientEmail),
    workType: o?.workType ?? "construction",
    status: o?.status ?? "new",
    estimatedCost: s(o?.estimatedCost),
    actualCost: s(o?.actualCost),
    description: s(o?.description),
    latitude: s(o?.latitude),
    longitude: s(o?.longitude),
    clientKind: o?.clientKind ?? "person",
    ...Object.fromEntries(clientRequisiteFields.map((k) => [k, s(o?.[k])])) as Record<
      typeof clientRequisiteFields[number],
      string
    >,
  };
}

/** The region as a person writes it, from DaData's 'Московская' / 'Москва'. */
function regionOf(s: Suggestion): string {
  const r = s.data.region ?? "";
  if (r === "Москва") return "Москва";
  if (r === "Московская") return REGION;
  return s.data.region_with_type ?? r ?? REGION;
}

/**
 * The create and edit object form of the objects and shop spec's «Validation rules» with the address
 * autocomplete (3+ characters, debounced 300 ms).
 */
export default function ObjectForm({ mode, object, afterSave, variant, titleId, close }: ObjectFormProps) {
  const id = useId();
  const [values, setValues] = useState<Values>(() => valuesOf(object));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [active, setActive] = useState(-1);
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastQuery = useRef("");

  function set(name: keyof Values, value: string) {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: "" }));
  }

  function onAddress(value: string) {
    // A typed address is no longer the chosen suggestion: its coordinates and derived fields go.
    setValues((v) => ({ ...v, address: value, latitude: "", longitude: "" }));
    clearTimeout(debounce.current);
    const q = value.trim();
    if (q.length < 3) {
      setSuggestions([]);
      return;
    }
    debounce.current = setTimeout(async () => {
      lastQuery.current = q;
      try {
        const res = await call(client.address.suggest.$get({ query: { q } }));
        if (lastQuery.current === q) {
          setSuggestions(res.suggestions.slice(0, 10));
          setActive(-1);
        }
      } catch {
        // Suggestions are a help; the address can be typed in full without them.
        setSuggestions([]);
      }
    }, 300);
  }

  function choose(s: Suggestion) {
    setValues((v) => ({
      ...v,
      address: s.value,
      settlement: s.data.settlement ?? s.data.city ?? v.settlement,
      region: regionOf(s),
      district: s.data.district && s.data.district !== "Не определен" ? s.data.district : "",
      direction: s.data.direction ?? "",
      distanceFromMKAD: s.data.distance_from_mkad === null || s.data.distance_from_mkad === undefined
        ? ""
        : String(s.data.distance_from_mkad),
      latitude: s.data.geo_lat ?? "",
      longitude: s.data.geo_lon ?? "",
    }));
    setSuggestions([]);
    setErrors((e) => ({ ...e, address: "", settlement: "", region: "" }));
  }

  function onAddressKey(e: KeyboardEvent<HTMLInputElement>) {
    if (!suggestions.length) return;
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setActive((i) => Math.min(i + 1, suggestions.length - 1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (e.key === "Enter" && active >= 0) {
      e.preventDefault();
      choose(suggestions[active]);
    } else if (e.key === "Escape") {
      e.preventDefault();
      setSuggestions([]);
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const improved = variant === "improved";
    const payload: Record<string, unknown> = { ...values };
    if (mode === "create") delete payload.actualCost;
    // A person has no requisites: what was typed before switching to «Частное лицо» is not kept.
    if (values.clientKind === "person") { for (const k of clientRequisiteFields) payload[k] = null; }
    const normalized = normalizeObjectInput(payload);
    const parsed = mode === "create"
      ? objectCreateSchema.safeParse(normalized)
      : objectPatchSchema.safeParse(normalized);
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error));
      if (improved) toastError("Заполните все обязательные поля");
      return;
    }
    setBusy(true);
    try {
      const saved = mode === "create" ? await call(client.objects.$post({ json: normalized })) : await call(
        client.objects[":id{[0-9]+}"].$patch({ param: { id: String(object?.id) }, json: normalized }),
      );
      const message = mode === "create"
        ? improved
          ? {
            title: "УСПЕШНО СОЗДАН ОБЪЕКТ!",
            description: `Объект "${saved.address}" успешно добавлен в базу`,
          }
          : { title: "Объект создан", description: "Новый объект успешно добавлен" }
        : { title: "Успешно", description: "Объект обновлен" };
      close();
      if (afterSave === "event") {
        toast({ ...message, variant: "success" });
        dispatchEvent(new CustomEvent("object-saved", { detail: { mode, object: saved } }));
      } else {
        toastAfterNavigation({ ...message, variant: "success" });
        location.reload();
      }
    } catch (error) {
      setErrors(serverErrors(error));
      if (mode === "create") {
        if (improved) {
          toastError(errorMessage(error) || "Не удалось создать объект...", "ОШИБКА СОЗДАНИЯ ОБЪЕКТА");
        } else toastError(`Не удалось создать объект: ${errorMessage(error)}`);
      } else toastError(`Не удалось обновить объект: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  }

  const f = (name: keyof Values) => `${id}-${name}`;
  const bound = bindTextFields({ id, values, errors, onChange: setValues });
  const text = (name: keyof Values, label: string, options: FieldOptions = {}) =>
    bound(name, label, { autoComplete: "off", ...options });
  const statuses = mode === "create" ? createStatuses : objectStatuses;
  const listId = `${id}-suggestions`;
  const organisation = values.clientKind === "organisation";

  return (
    <form onSubmit={submit} noValidate>
      <DialogHead
        title={mode === "create" ? "Новый объект" : "Редактировать объект"}
        titleId={titleId}
        onClose={close}
      />
      <div className="dialog-body stack">
        <div className={errors.address ? "field field-invalid address-field" : "field address-field"}>
          <label htmlFor={f("address")}>
            Адрес<span className="field-required" aria-hidden="true">*</span>
          </label>
          <input
            id={f("address")}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={suggestions.length > 0}
            aria-controls={listId}
            aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
            aria-invalid={errors.address ? true : undefined}
            autoComplete="off"
            placeholder="Начните вводить адрес: город, улица, дом"
            value={values.address}
            onChange={(e) => onAddress(e.target.value)}
            onKeyDown={onAddressKey}
            onBlur={() => setTimeout(() => setSuggestions([]), 200)}
          />
          {suggestions.length > 0 && (
            <ul className="suggestions" id={listId} role="listbox" aria-label="Подсказки адреса">
              {suggestions.map((s, i) => (
                <li
                  key={`${s.value}-${i}`}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  className={i === active ? "suggestion active" : "suggestion"}
                  onMouseDown={(e) => {
                    e.preventDefault();
                    choose(s);
                  }}
                >
                  <span>{s.value}</span>
                  {s.data.district && s.data.district !== "Москва" && (
                    <small className="muted">
                      {s.data.district} · {formatMkadDistance(s.data.distance_from_mkad)}
                    </small>
                  )}
                </li>
              ))}
            </ul>
          )}
          {errors.address
            ? <p className="field-error" id={`${f("address")}-error`} role="alert">{errors.address}</p>
            : <p className="field-hint">Подсказки появятся после 3 символов</p>}
        </div>
        <div className="grid-2">
          {text("settlement", "Населенный пункт", { required: true })}
          {text("region", "Регион", { required: true })}
        </div>
        <div className="grid-3">
          {text("district", "Район", { readOnly: true, hint: "Определяется по адресу" })}
          {text("direction", "Направление", { readOnly: true, hint: "Вычисляется по адресу" })}
          {text("distanceFromMKAD", "Расстояние от МКАД, км", { inputMode: "numeric" })}
        </div>
        <Field id={f("clientKind")} label="Клиент" error={errors.clientKind}>
          <select
            id={f("clientKind")}
            value={values.clientKind}
            onChange={(e) => set("clientKind", e.target.value)}
          >
            <option value="person">Частное лицо</option>
            <option value="organisation">Организация или ИП</option>
          </select>
        </Field>
        <div className="grid-2">
          {organisation
            ? text("clientName", "Название организации", { required: true })
            : text("clientName", "Имя клиента", { autoComplete: "name" })}
          {text("clientPhone", "Телефон клиента", {
            required: mode === "create",
            type: "tel",
            inputMode: "tel",
            autoComplete: "tel",
          })}
        </div>
        {organisation && (
          <fieldset className="stack client-requisites">
            <legend>Реквизиты организации</legend>
            <div className="grid-3">
              {text("clientInn", "ИНН", { required: true, inputMode: "numeric" })}
              {text("clientKpp", "КПП", { hint: "Для ИП не заполняется" })}
              {text("clientOgrn", "ОГРН или ОГРНИП", { inputMode: "numeric" })}
            </div>
            {text("clientLegalAddress", "Юридический адрес")}
            {text("clientSigner", "Кто подписывает", {
              hint: "Должность и ФИО: Генеральный директор Соколов А. П.",
            })}
            <div className="grid-2">
              {text("clientBankName", "Банк")}
              {text("clientBankBik", "БИК", { inputMode: "numeric" })}
            </div>
            <div className="grid-2">
              {text("clientBankAccount", "Расчётный счёт", { inputMode: "numeric" })}
              {text("clientBankCorAccount", "Корреспондентский счёт", { inputMode: "numeric" })}
            </div>
          </fieldset>
        )}
        <div className="grid-2">
          <Field id={f("workType")} label="Тип работ" error={errors.workType} required>
            <select
              id={f("workType")}
              value={values.workType}
              onChange={(e) => set("workType", e.target.value)}
            >
              {formWorkTypes.map((w) => <option key={w} value={w}>{workTypeLabels[w]}</option>)}
              {!formWorkTypes.includes(values.workType as never) && (
                <option value={values.workType}>
                  {workTypeLabels[values.workType as never] ?? values.workType}
                </option>
              )}
            </select>
          </Field>
          <Field
            id={f("status")}
            label="Статус"
            error={errors.status}
            hint={mode === "edit" ? "Меняется сам: по смете, договору, оплате и работам" : undefined}
          >
            <select
              id={f("status")}
              value={values.status}
              disabled={mode === "edit"}
              onChange={(e) => set("status", e.target.value)}
            >
              {statuses.map((s) => <option key={s} value={s}>{objectStatusLabels[s].label}</option>)}
            </select>
          </Field>
        </div>
        <div className="grid-2">
          {text("estimatedCost", "Примерная стоимость, ₽", {
            required: mode === "create",
            inputMode: "decimal",
          })}
          {mode === "edit" && text("actualCost", "Фактическая стоимость, ₽", { inputMode: "decimal" })}
        </div>
        {text("description", "Описание", { multiline: true })}
      </div>
      <footer className="dialog-foot">
        <SubmitFooter
          onCancel={close}
          busy={busy}
          label={mode === "create" ? "Создать объект" : "Сохранить"}
        />
      </footer>
    </form>
  );
}
