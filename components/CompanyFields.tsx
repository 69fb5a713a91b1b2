// The company form's fields, shared by the companies dialog and the company settings (not an island).
import { useId } from "react";
import { companyTypeLabels, subscriptionTierLabels } from "../domain/labels.ts";
import { fieldBinder, SelectField, textFields } from "./Field.tsx";
import { call, client, withUpload } from "./api.ts";
import type { Errors } from "./form.ts";
import { companyTextFields } from "../domain/company_fields.ts";
import type { CompanyJson } from "../domain/admin.ts";

export type CompanyValues = Record<typeof companyTextFields[number], string> & {
  subscriptionTier: string;
  companyType: string;
  subscriptionExpiresAt: string;
  isActive: boolean;
};

export function companyValues(c?: CompanyJson | null): CompanyValues {
  const out = {} as CompanyValues;
  for (const f of companyTextFields) out[f] = (c?.[f] as string | null | undefined) ?? "";
  out.subscriptionTier = c?.subscriptionTier ?? "start";
  out.companyType = c?.companyType ?? "construction_surveying";
  out.subscriptionExpiresAt = c?.subscriptionExpiresOn ?? "";
  out.isActive = c?.isActive ?? true;
  return out;
}

/** What the form sends; tier, expiry and activity only from the system administrator's form. */
export function companyPayload(values: CompanyValues, adminFields: boolean): Record<string, unknown> {
  const payload: Record<string, unknown> = { ...values };
  if (!adminFields) {
    delete payload.subscriptionTier;
    delete payload.subscriptionExpiresAt;
    delete payload.isActive;
  }
  return payload;
}

const companyTypes = Object.keys(companyTypeLabels) as (keyof typeof companyTypeLabels)[];
const subscriptionTiers = Object.keys(subscriptionTierLabels) as (keyof typeof subscriptionTierLabels)[];

export const LOGO_MAX_BYTES = 1024 * 1024;
const imageTypes = ["image/png", "image/jpeg", "image/gif", "image/webp"];

/** The browser's early word on a chosen logo; the server checks the bytes again. */
export function logoProblem(file: File | null): string | null {
  if (!file) return null;
  if (!imageTypes.includes(file.type)) return "Выберите изображение: PNG, JPEG, GIF или WebP";
  if (file.size > LOGO_MAX_BYTES) return "Логотип не больше 1 MB";
  return null;
}

export async function uploadLogo(companyId: number, file: File): Promise<string> {
  const form = new FormData();
  form.append("file", file);
  const { logoUrl } = await call(
    client.companies[":id"].logo.$post({ param: { id: String(companyId) } }, withUpload(form)),
  );
  return logoUrl;
}

interface FieldsProps {
  values: CompanyValues;
  errors: Errors;
  onChange: (values: CompanyValues) => void;
  /** Tier, expiry and activity: system_admin only. */
  adminFields: boolean;
  logo: { url: string | null; file: File | null; error?: string; onFile: (file: File | null) => void };
}

/**
 * Every company field of the platform spec's «Entities and their fields», grouped: main, requisites,
 * contacts, bank, subscription.
 */
export function CompanyFields({ values, errors, onChange, adminFields, logo }: FieldsProps) {
  const id = useId();
  const bind = fieldBinder({ id, values, errors, onChange });
  const input = textFields(bind);
  const preview = logo.file ? URL.createObjectURL(logo.file) : logo.url;
  return (
    <div className="stack company-fields">
      <fieldset className="form-group">
        <legend>Компания</legend>
        {input("name", "Название", { required: true })}
        <div className="grid-2">
          <SelectField
            {...bind("companyType")}
            label="Тип компании"
            options={companyTypes.map((t) => [t, companyTypeLabels[t]])}
          />
          {input("directorName", "Руководитель")}
        </div>
        <div className="logo-field">
          {preview
            ? <img className="logo-preview" src={preview} alt="Логотип" width={64} height={64} />
            : <span className="logo-preview logo-empty" aria-hidden="true">Лого</span>}
          <div className="stack-sm">
            <span className="label">Логотип</span>
            <label className="btn btn-secondary btn-sm">
              {preview ? "Заменить логотип" : "Выбрать файл"}
              <input
                id={`${id}-logo`}
                type="file"
                className="visually-hidden"
                aria-label="Логотип"
                accept="image/png,image/jpeg,image/gif,image/webp"
                onChange={(e) => logo.onFile(e.target.files?.[0] ?? null)}
              />
            </label>
            <span className="muted small">
              {logo.file?.name ?? "PNG, JPEG, GIF или WebP, не больше 1 MB"}
            </span>
            {logo.error && <p className="field-error" role="alert">{logo.error}</p>}
          </div>
        </div>
      </fieldset>
      <fieldset className="form-group">
        <legend>Реквизиты</legend>
        <div className="grid-3">
          {input("inn", "ИНН", { inputMode: "numeric", hint: "10 или 12 цифр" })}
          {input("kpp", "КПП", { inputMode: "numeric", hint: "9 символов" })}
          {input("ogrn", "ОГРН / ОГРНИП", { inputMode: "numeric", hint: "13 или 15 цифр" })}
        </div>
        {input("legalAddress", "Юридический адрес")}
        {input("actualAddress", "Фактический адрес")}
      </fieldset>
      <fieldset className="form-group">
        <legend>Банк</legend>
        <div className="grid-2">
          {input("bankName", "Банк")}
          {input("bankBik", "БИК", { inputMode: "numeric", hint: "9 цифр" })}
        </div>
        <div className="grid-2">
          {input("bankAccount", "Расчётный счёт", { inputMode: "numeric", hint: "20 цифр" })}
          {input("bankCorAccount", "Корреспондентский счёт", {
            inputMode: "numeric",
            hint: "20 цифр, начинается с 301",
          })}
        </div>
      </fieldset>
      <fieldset className="form-group">
        <legend>Контакты</legend>
        <div className="grid-2">
          {input("phone", "Телефон", { inputMode: "tel", type: "tel" })}
          {input("email", "Email", { inputMode: "email", type: "email" })}
          {input("website", "Сайт", { inputMode: "url" })}
          {input("whatsapp", "WhatsApp", { inputMode: "tel" })}
          {input("telegram", "Telegram")}
        </div>
      </fieldset>
      {adminFields && (
        <fieldset className="form-group">
          <legend>Подписка</legend>
          <div className="grid-2">
            <SelectField
              {...bind("subscriptionTier")}
              label="Тариф"
              options={subscriptionTiers.map((t) => [t, subscriptionTierLabels[t]])}
            />
            {input("subscriptionExpiresAt", "Подписка до", { type: "date" })}
          </div>
          <label className="check">
            <input
              type="checkbox"
              checked={values.isActive}
              onChange={(e) => onChange({ ...values, isActive: e.target.checked })}
            />
            Компания активна
          </label>
        </fieldset>
      )}
    </div>
  );
}
