// 'Создать новую смету' (the estimating spec's «Validation rules»): object and number required, at least one
// item; units шт, м, м², м³, кг, т; a new item has quantity 1 and price 0; total = Σ price × quantity. Prices
// are typed in roubles.
import { useEffect, useRef, useState } from "react";
import { call, client } from "../components/api.ts";
import { Dialog, DialogHead } from "../components/Dialog.tsx";
import { toast, toastAfterNavigation } from "../components/toast.ts";
import { errorMessage, serverErrors } from "../components/form.ts";
import { formatKopecks } from "../domain/format.ts";
import { Icon } from "../components/Icon.tsx";
import { SelectField, TextField } from "../components/Field.tsx";
import { ObjectPicker } from "../components/ObjectPicker.tsx";

export interface CreateEstimateDialogProps {
  objects: { id: number; address: string }[];
  /** Preselected object (?objectId=). */
  objectId?: number | null;
  /** The suggested number. */
  number: string;
}

const units = ["шт", "м", "м²", "м³", "кг", "т"] as const;

interface Item {
  key: number;
  name: string;
  unit: typeof units[number];
  quantity: string;
  price: string;
}

const num = (s: string) => {
  const n = Number(s.replace(/\s+/g, "").replace(",", "."));
  return Number.isFinite(n) ? n : 0;
};

export default function CreateEstimateDialog({ objects, objectId, number }: CreateEstimateDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [object, setObject] = useState(objectId ? String(objectId) : "");
  const [estimateNumber, setNumber] = useState(number);
  const [items, setItems] = useState<Item[]>([]);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const nextKey = useRef(1);

  useEffect(() => {
    if (open) dialog.current?.showModal();
  }, [open]);

  const total = items.reduce(
    (s, i) => s + Math.round(Math.round(num(i.price) * 100) * (Math.round(num(i.quantity) * 100) / 100)),
    0,
  );
  const addItem = () =>
    setItems((l) => [...l, { key: nextKey.current++, name: "", unit: "шт", quantity: "1", price: "0" }]);
  const update = (key: number, patch: Partial<Item>) =>
    setItems((l) => l.map((i) => (i.key === key ? { ...i, ...patch } : i)));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!object || !estimateNumber.trim() || items.length === 0 || items.some((i) => !i.name.trim())) {
      setErrors({
        ...(object ? {} : { objectId: "Выберите объект" }),
        ...(estimateNumber.trim() ? {} : { estimateNumber: "Укажите номер сметы" }),
      });
      toast({
        title: "Ошибка",
        description: "Заполните все обязательные поля и добавьте позиции",
        variant: "destructive",
      });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const created = await call(client.estimates.$post({
        json: {
          objectId: Number(object),
          estimateNumber: estimateNumber.trim(),
          status: "draft",
          totalAmount: total,
          items: items.map((i) => ({
            name: i.name.trim(),
            unit: i.unit,
            quantity: Math.round(num(i.quantity) * 100) / 100,
            pricePerUnit: Math.round(num(i.price) * 100),
          })),
        },
      }));
      toastAfterNavigation({ title: "Смета создана" });
      location.assign(`/estimates/${created.id}`);
    } catch (error) {
      setErrors(serverErrors(error));
      toast({
        title: "Ошибка",
        description: `Не удалось создать смету: ${errorMessage(error)}`,
        variant: "destructive",
      });
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="btn btn-primary est-new-btn"
        aria-label="Создать новую смету"
        onClick={() => {
          if (items.length === 0) addItem();
          setOpen(true);
        }}
      >
        <Icon name="plus" />
        <span className="est-new-label">Создать новую смету</span>
      </button>
      {open && (
        <Dialog dialogRef={dialog} wide titleId="new-estimate-title" onClose={() => setOpen(false)}>
          <form onSubmit={submit} noValidate>
            <DialogHead
              title="Создать новую смету"
              titleId="new-estimate-title"
              onClose={() => dialog.current?.close()}
            />
            <div className="dialog-body stack">
              <ObjectPicker
                newest={objects}
                field={{
                  id: "ne-object",
                  name: "objectId",
                  value: object,
                  onValue: setObject,
                  error: errors.objectId,
                }}
              />
              <div className="grid-2">
                <div className={errors.estimateNumber ? "field field-invalid" : "field"}>
                  <label htmlFor="ne-number">
                    Номер сметы<span className="field-required" aria-hidden="true">*</span>
                  </label>
                  <input
                    id="ne-number"
                    value={estimateNumber}
                    maxLength={50}
                    aria-invalid={errors.estimateNumber ? true : undefined}
                    onChange={(e) => setNumber(e.currentTarget.value)}
                  />
                  {errors.estimateNumber && <p className="field-error">{errors.estimateNumber}</p>}
                </div>
              </div>
              <div className="row-between">
                <h3>Позиции</h3>
                <button type="button" className="btn btn-secondary btn-sm" onClick={addItem}>
                  Добавить позицию
                </button>
              </div>
              <div className="item-rows">
                {items.map((i, n) => (
                  <div key={i.key} className="item-row">
                    <div className="field item-name">
                      <label htmlFor={`ne-name-${i.key}`}>Наименование {n + 1}</label>
                      <input
                        id={`ne-name-${i.key}`}
                        value={i.name}
                        onChange={(e) => update(i.key, { name: e.currentTarget.value })}
                      />
                    </div>
                    <SelectField
                      id={`ne-unit-${i.key}`}
                      label="Ед."
                      value={i.unit}
                      onValue={(unit) => update(i.key, { unit: unit as Item["unit"] })}
                      options={units.map((u) => [u, u])}
                    />
                    {([["quantity", "Кол-во"], ["price", "Цена, ₽"]] as const).map(([field, label]) => (
                      <TextField
                        key={field}
                        id={`ne-${field}-${i.key}`}
                        label={label}
                        inputMode="decimal"
                        value={i[field]}
                        onValue={(value) => update(i.key, { [field]: value })}
                      />
                    ))}
                    <button
                      type="button"
                      className="icon-btn"
                      aria-label={`Удалить позицию ${n + 1}`}
                      onClick={() => setItems((l) => l.filter((x) => x.key !== i.key))}
                    >
                      <Icon name="trash" />
                    </button>
                  </div>
                ))}
                {items.length === 0 && <p className="muted">Добавьте хотя бы одну позицию.</p>}
              </div>
              <p className="row-between">
                <strong>Итого</strong>
                <strong className="money">{formatKopecks(total)}</strong>
              </p>
            </div>
            <div className="dialog-foot">
              <button type="button" className="btn btn-secondary" onClick={() => dialog.current?.close()}>
                Отмена
              </button>
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {busy ? "Создание..." : "Создать смету"}
              </button>
            </div>
          </form>
        </Dialog>
      )}
    </>
  );
}
