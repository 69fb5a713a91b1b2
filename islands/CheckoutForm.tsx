import { useState } from "react";
import { ApiRequestError, call, client, clientWithQuery, type JsonOf } from "../components/api.ts";
import { toastAfterNavigation, toastError } from "../components/toast.ts";
import { type Errors, firstErrors, serverErrors } from "../components/form.ts";
import { TextField } from "../components/Field.tsx";
import { checkoutSchema } from "../domain/shop.ts";
import { BusyButton } from "../components/BusyButton.tsx";

export interface CheckoutFormProps {
  query: string;
  installationAvailable: boolean;
  installation: boolean;
  initial: { customerName: string; customerEmail: string };
  /** Roubles, to show on the button. */
  total: number;
}

const fields = [
  ["customerName", "Имя и фамилия", "text", "name"],
  ["customerPhone", "Телефон", "tel", "tel"],
  ["customerEmail", "E-mail", "email", "email"],
  ["deliveryCity", "Город или посёлок", "text", "address-level2"],
  ["deliveryAddress", "Адрес доставки", "text", "street-address"],
  ["deliveryRegion", "Область, район", "text", "address-level1"],
  ["deliveryPostalCode", "Индекс", "text", "postal-code"],
] as const;
const requiredFields = new Set([
  "customerName",
  "customerPhone",
  "customerEmail",
  "deliveryCity",
  "deliveryAddress",
]);

/** The order form: the spec's messages under the fields, checked here and again by the server. */
export default function CheckoutForm(
  { query, installationAvailable, installation, initial, total }: CheckoutFormProps,
) {
  const [values, setValues] = useState<Record<string, string>>({
    ...initial,
    deliveryRegion: "Московская область",
  });
  const [needInstallation, setNeedInstallation] = useState(installation && installationAvailable);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const set = (k: string) => (value: string) => setValues((v) => ({ ...v, [k]: value }));
  const note = (name: string, label: string) => (
    <TextField
      id={`co-${name}`}
      label={label}
      error={errors[name]}
      multiline
      rows={2}
      value={values[name] ?? ""}
      onValue={set(name)}
    />
  );

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const body = { ...values, needInstallation };
    const parsed = checkoutSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error));
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      // The body the server's schema accepted above, sent as it was typed (parsing may reshape it).
      const json = body as JsonOf<typeof client.shop.orders.$post>;
      const res = await call(clientWithQuery(query).shop.orders.$post({ json }));
      toastAfterNavigation({
        title: "Заказ оформлен",
        description: `Номер заказа ${res.order.orderNumber}`,
        variant: "success",
      });
      location.assign(res.link);
    } catch (error) {
      setErrors(serverErrors(error));
      toastError(
        error instanceof ApiRequestError ? error.message : String(error),
        "Не удалось оформить заказ",
      );
      setBusy(false);
    }
  }

  return (
    <form className="checkout-form" onSubmit={submit} noValidate>
      {fields.map(([name, label, type, auto]) => (
        <TextField
          key={name}
          id={`co-${name}`}
          label={label}
          error={errors[name]}
          required={requiredFields.has(name)}
          name={name}
          type={type}
          autoComplete={auto}
          value={values[name] ?? ""}
          onValue={set(name)}
        />
      ))}
      {note("deliveryNotes", "Комментарий к доставке")}
      {installationAvailable && (
        <fieldset className="checkout-install">
          <label className="check">
            <input
              type="checkbox"
              name="needInstallation"
              checked={needInstallation}
              onChange={(e) => setNeedInstallation(e.currentTarget.checked)}
            />
            <span>Нужен монтаж под ключ — приедет замерщик, смета по итогам замера</span>
          </label>
          {needInstallation && (
            <>
              <TextField
                id="co-installationAddress"
                label="Адрес монтажа"
                hint="Если совпадает с адресом доставки, оставьте пустым"
                error={errors.installationAddress}
                value={values.installationAddress ?? ""}
                onValue={set("installationAddress")}
              />
              {note("installationNotes", "Что важно знать о участке")}
            </>
          )}
        </fieldset>
      )}
      <div className="action-bar">
        <BusyButton className="btn btn-primary btn-lg btn-block" type="submit" busy={busy} spinner>
          Подтвердить заказ на {total.toLocaleString("ru-RU", { maximumFractionDigits: 2 })}&nbsp;₽
        </BusyButton>
      </div>
    </form>
  );
}
