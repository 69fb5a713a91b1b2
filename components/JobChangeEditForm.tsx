// Correcting one recorded change of the works (the «Изменить» of components/JobChangesPanel.tsx) before it is
// agreed: its estimate line (or the price-list item of an added one), the quantity done, the reason and whether
// the client must agree. Its photos stay as they are. The server decides who may (PATCH /api/job-changes/:id).
import { useState } from "react";
import { call, client } from "./api.ts";
import { useFormSend } from "./form.ts";
import { fieldBinder, SelectField, TextField } from "./Field.tsx";
import { formatKopecks } from "../domain/format.ts";
import { formatQuantity } from "../domain/acts.ts";
import type { ChangeKind } from "../domain/job_changes.ts";
import { BusyButton } from "./BusyButton.tsx";

export interface EditableChange {
  id: number;
  kind: ChangeKind;
  lineIndex: number | null;
  name: string;
  newQuantity: number;
  reason: string;
  requiresConsent: boolean;
  photoIds: number[];
}

interface Choices {
  lines: { index: number; name: string; unit: string; quantity: number }[];
  priceItems: { id: number; name: string; unit: string; price: number }[];
}

export function JobChangeEditForm({ change, choices, onDone }: {
  change: EditableChange;
  choices: Choices;
  /** Called with true once saved, false when cancelled. */
  onDone: (saved: boolean) => void;
}) {
  const [values, setValues] = useState({
    line: change.lineIndex === null ? "" : String(change.lineIndex),
    item: "",
    quantity: formatQuantity(change.newQuantity),
    reason: change.reason,
  });
  const [consent, setConsent] = useState(change.requiresConsent);
  const { errors, busy, send } = useFormSend();
  const id = `jc-edit-${change.id}`;
  const bind = fieldBinder({ id, values, errors, onChange: setValues });

  async function save(e: React.FormEvent) {
    e.preventDefault();
    const body = {
      ...(change.kind === "added"
        ? values.item ? { priceItemId: Number(values.item) } : {}
        : { lineIndex: Number(values.line) }),
      ...(change.kind === "removed" ? {} : { newQuantity: Number(values.quantity.replace(",", ".")) }),
      reason: values.reason,
      requiresConsent: consent,
    };
    const saved = await send(
      () => call(client["job-changes"][":id"].$patch({ param: { id: String(change.id) }, json: body })),
      {
        done: { title: "Изменение исправлено" },
        failed: "Не удалось исправить изменение",
      },
    );
    if (saved) onDone(true);
  }

  const lineField = change.kind === "added"
    ? (
      <SelectField
        {...bind("item")}
        error={errors.priceItemId}
        label="Позиция прайс-листа"
        className="input tap"
        options={[
          ["", `Оставить: ${change.name}`],
          ...choices.priceItems.map((p) =>
            [String(p.id), `${p.name} — ${formatKopecks(p.price)}/${p.unit}`] as const
          ),
        ]}
      />
    )
    : (
      <SelectField
        {...bind("line")}
        error={errors.lineIndex}
        label="Позиция сметы"
        className="input tap"
        options={choices.lines.map((l) =>
          [String(l.index), `${l.name} — ${formatQuantity(l.quantity)} ${l.unit}`] as const
        )}
      />
    );
  return (
    <form className="stack-sm" onSubmit={save} noValidate data-testid="job-change-edit">
      {lineField}
      {change.kind !== "removed" && (
        <TextField
          {...bind("quantity")}
          error={errors.newQuantity}
          label="Количество по факту"
          className="input tap"
          inputMode="decimal"
          required
        />
      )}
      <TextField {...bind("reason")} label="Причина" className="input" multiline rows={2} required />
      <label className="checkbox tap">
        <input type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
        <span>Требует согласия клиента</span>
      </label>
      {change.photoIds.length > 0 && (
        <p className="muted small">Фото ({change.photoIds.length}) остаются при изменении.</p>
      )}
      <div className="row">
        <BusyButton type="submit" className="btn btn-primary tap" busy={busy} busyLabel="Сохранение…">
          Сохранить изменение
        </BusyButton>
        <button
          type="button"
          className="btn btn-secondary tap"
          disabled={busy}
          onClick={() => onDone(false)}
        >
          Отмена
        </button>
      </div>
    </form>
  );
}
