import { type FormEvent, useId, useState } from "react";
import { lazyModule } from "../components/lazy.ts";
import { SaveButton, SelectField, TextField } from "../components/Field.tsx";
import { call, client } from "../components/api.ts";
import { firstErrors, useFormSend } from "../components/form.ts";
import {
  equipmentPriceBases,
  type EquipmentPriceBasis,
  equipmentPriceBasisLabels,
  type EquipmentPriceSetting,
  MAX_MARKUP_PERCENT,
} from "../estimating/catalogue/equipment_price.ts";

// The checks (zod) load on the first focus or submit, not with the page; null if they cannot (the server checks).
const schemas = lazyModule(() => import("../domain/admin.ts"));

const options = equipmentPriceBases.map((b) => [b, equipmentPriceBasisLabels[b]] as const);

/**
 * /settings, price list (company_admin): the price the estimates quote for a station. The
 * client never sees the basis nor the margin; the internal view («Для себя») does.
 */
export default function EquipmentPriceSettings({ setting }: { setting: EquipmentPriceSetting }) {
  const [basis, setBasis] = useState<EquipmentPriceBasis>(setting.basis);
  const [markup, setMarkup] = useState(String(setting.markupPercent));
  const { errors, setErrors, busy, send } = useFormSend();
  const id = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const text = markup.trim().replace(",", ".");
    const payload = { basis, markupPercent: text === "" ? Number.NaN : Number(text) };
    const parsed = (await schemas())?.equipmentPriceSchema.safeParse(payload);
    if (parsed && !parsed.success) return setErrors(firstErrors(parsed.error));
    await send(() => call(client.settings["equipment-price"].$put({ json: payload })), {
      done: { title: "Цена оборудования сохранена" },
      failed: "Не удалось сохранить цену оборудования",
    });
  }

  return (
    <form className="card stack" onSubmit={submit} onFocus={schemas} noValidate>
      <header className="card-head">
        <h2 className="card-title">Цена оборудования в сметах</h2>
      </header>
      <div className="grid-2">
        <SelectField
          id={`${id}-basis`}
          label="Станцию считать по цене"
          options={options}
          value={basis}
          onValue={(v) => setBasis(v as EquipmentPriceBasis)}
          error={errors.basis}
        />
        <TextField
          id={`${id}-markup`}
          label="Наценка на дилерскую цену, %"
          inputMode="numeric"
          value={markup}
          onValue={setMarkup}
          error={errors.markupPercent}
          hint={basis === "dealer_markup"
            ? `Целое число от 0 до ${MAX_MARKUP_PERCENT}`
            : "Для моделей без РРЦ производителя"}
        />
      </div>
      <p className="muted small">
        По умолчанию станция в смете идёт по розничной цене производителя (РРЦ). Модель без РРЦ считается по
        дилерской цене с наценкой. Основа цены и маржа видны только в смете «Для себя», клиент их не видит.
      </p>
      <div className="action-bar">
        <SaveButton busy={busy} label="Сохранить" />
      </div>
    </form>
  );
}
