import { type FormEvent, useId, useState } from "react";
import { lazyModule } from "../components/lazy.ts";
import { bindTextFields, Field, SaveButton } from "../components/Field.tsx";
import { call, client } from "../components/api.ts";
import { firstErrors, useFormSend } from "../components/form.ts";
import type { ShopSettingsJson } from "../domain/admin.ts";

type ColorKey = "primaryColor" | "secondaryColor" | "accentColor";
type FlagKey = "enableGuestCheckout" | "enableInstallationService" | "enableCalculator";

const number = (v: string) => Number(v.replace(/\s/g, "").replace(",", "."));

// The checks (zod) load on the first focus or submit, not with the page; null if they cannot (the server checks).
const schemas = lazyModule(() => import("../domain/admin.ts"));

/** /settings, shop (company_admin of a company with a shop). */
export default function ShopSettingsForm({ settings }: { settings: ShopSettingsJson }) {
  const [values, setValues] = useState({
    ...settings,
    storeDescription: settings.storeDescription ?? "",
    contactEmail: settings.contactEmail ?? "",
    contactPhone: settings.contactPhone ?? "",
    supportPhone: settings.supportPhone ?? "",
    taxRate: String(settings.taxRate),
    freeShippingThreshold: settings.freeShippingThreshold === null
      ? ""
      : String(settings.freeShippingThreshold),
  });
  const { errors, setErrors, busy, send } = useFormSend();
  const id = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const payload = {
      storeName: values.storeName,
      storeDescription: values.storeDescription,
      contactEmail: values.contactEmail,
      contactPhone: values.contactPhone,
      supportPhone: values.supportPhone,
      primaryColor: values.primaryColor,
      secondaryColor: values.secondaryColor,
      accentColor: values.accentColor,
      taxRate: number(values.taxRate),
      freeShippingThreshold: values.freeShippingThreshold.trim() === ""
        ? null
        : number(values.freeShippingThreshold),
      enableGuestCheckout: values.enableGuestCheckout,
      enableInstallationService: values.enableInstallationService,
      enableCalculator: values.enableCalculator,
    };
    const parsed = (await schemas())?.shopSettingsSchema.safeParse(payload);
    if (parsed && !parsed.success) return setErrors(firstErrors(parsed.error));
    await send(() => call(client.settings.shop.$put({ json: payload })), {
      done: { title: "Настройки магазина сохранены" },
      failed: "Не удалось сохранить настройки магазина",
    });
  }

  const text = bindTextFields({ id, values, errors, onChange: setValues });
  const color = (name: ColorKey, label: string) => (
    <Field id={`${id}-${name}`} label={label} error={errors[name]}>
      <input
        id={`${id}-${name}`}
        type="color"
        className="color-input"
        value={values[name]}
        onChange={(e) =>
          setValues({ ...values, [name]: e.target.value })}
      />
    </Field>
  );
  const flag = (name: FlagKey, label: string) => (
    <label className="check">
      <input
        type="checkbox"
        checked={values[name]}
        onChange={(e) => setValues({ ...values, [name]: e.target.checked })}
      />
      {label}
    </label>
  );

  return (
    <form className="card stack" onSubmit={submit} onFocus={schemas} noValidate>
      <header className="card-head">
        <h2 className="card-title">Настройки магазина</h2>
      </header>
      {text("storeName", "Название магазина", { required: true })}
      {text("storeDescription", "Описание", { multiline: true })}
      <div className="grid-3">
        {text("contactEmail", "Email для заказов", { type: "email" })}
        {text("contactPhone", "Телефон", { type: "tel" })}
        {text("supportPhone", "Телефон поддержки", { type: "tel" })}
      </div>
      <div className="grid-3">
        {color("primaryColor", "Основной цвет")}
        {color("secondaryColor", "Дополнительный цвет")}
        {color("accentColor", "Акцентный цвет")}
      </div>
      <div className="grid-2">
        {text("taxRate", "Ставка налога, %", { inputMode: "decimal" })}
        {text("freeShippingThreshold", "Бесплатная доставка от, ₽", {
          inputMode: "decimal",
          hint: "Пусто — без бесплатной доставки",
        })}
      </div>
      {flag("enableGuestCheckout", "Заказ без регистрации")}
      {flag("enableInstallationService", "Услуга монтажа")}
      {flag("enableCalculator", "Калькулятор подбора")}
      <div className="action-bar">
        <SaveButton busy={busy} label="Сохранить настройки" />
      </div>
    </form>
  );
}
