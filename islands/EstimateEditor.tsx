// The estimate editor of /estimates/:id: quantities and prices of the lines, lines from the
// company's price list or free ones, removal, discount, VAT mode and the two notes. Each change is one
// POST /api/estimates/:id/edits; the server prices it with the engine's rules and answers the estimate,
// which replaces what is shown. An approved estimate is locked (the status buttons tell this island).
import { num, Table } from "../components/Table.tsx";
import { useEffect, useState } from "react";
import { call, client } from "../components/api.ts";
import { TextField } from "../components/Field.tsx";
import { toast } from "../components/toast.ts";
import { errorMessage } from "../components/form.ts";
import { formatDateTime, formatKopecks, formatNumber, personName } from "../domain/format.ts";
import { SectionBodies } from "../components/EstimateSections.tsx";
import type { EstimateItemView } from "../components/measurement/EstimateView.tsx";
import type { EstimateEdit } from "../domain/estimates.ts";
import { vatLine, type VatMode, vatModes } from "../estimating/enums.ts";
import type { EstimateStatus } from "../domain/estimate_status.ts";
import { ESTIMATE_STATUS_EVENT, type EstimateStatusEvent } from "../components/EstimateStatusActions.tsx";

/** A line as the editor shows it: the estimate view's line with its id. */
export type EditorItem =
  & Pick<
    EstimateItemView,
    "section" | "articleCode" | "name" | "unit" | "quantity" | "pricePerUnit" | "totalPrice"
  >
  & { id: number };

export interface EditorEstimate {
  id: number;
  status: EstimateStatus;
  items: EditorItem[];
  itemsTotal: number;
  discount: { kind: "percent" | "sum"; value: number } | null;
  discountAmount: number;
  vatMode: VatMode;
  vatAmount: number;
  totalAmount: number;
  clientNote: string | null;
  internalNote: string | null;
}

export interface EditorChange {
  id: number;
  summary: string;
  totalDelta: number;
  createdAt: string | Date;
  userFirstName: string | null;
  userLastName: string | null;
}

export interface EstimateEditorProps {
  estimate: EditorEstimate;
  changes: EditorChange[];
}

interface PriceItem {
  code: string;
  name: string;
  unit: string;
  materialsPrice: number;
  worksPrice: number;
}

/** A typed amount in roubles («1 250,50») as kopecks, or NaN. */
function kopecksOf(text: string): number {
  const n = Number(text.replace(/\s/g, "").replace(",", "."));
  return Number.isFinite(n) ? Math.round(n * 100) : Number.NaN;
}
const numberOf = (text: string) => Number(text.replace(/\s/g, "").replace(",", "."));
const rubInput = (kopecks: number) => (kopecks / 100).toFixed(2).replace(".", ",");
const qtyInput = (q: number) => String(q).replace(".", ",");

export default function EstimateEditor({ estimate: initial, changes: initialChanges }: EstimateEditorProps) {
  const [e, setE] = useState(initial);
  const [changes, setChanges] = useState(initialChanges);
  const [busy, setBusy] = useState(false);
  const locked = e.status === "approved";

  useEffect(() => {
    const follow = (ev: Event) => {
      const { id, status } = (ev as CustomEvent<EstimateStatusEvent>).detail;
      if (id === e.id) setE((cur) => ({ ...cur, status }));
    };
    globalThis.addEventListener(ESTIMATE_STATUS_EVENT, follow);
    return () => globalThis.removeEventListener(ESTIMATE_STATUS_EVENT, follow);
  }, [e.id]);

  async function send(edit: EstimateEdit): Promise<boolean> {
    setBusy(true);
    try {
      const next = await call(
        client.estimates[":id{[0-9]+}"].edits.$post({ param: { id: String(e.id) }, json: edit }),
      );
      setE(next);
      setChanges(await call(client.estimates[":id{[0-9]+}"].changes.$get({ param: { id: String(e.id) } })));
      if (next.change) toast({ title: "Смета изменена", description: next.change.summary });
      return true;
    } catch (error) {
      toast({ title: "Не удалось изменить смету", description: errorMessage(error), variant: "destructive" });
      return false;
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="stack-lg estimate-editor">
      {locked && (
        <p className="notice notice-info" data-testid="estimate-locked">
          Смета утверждена и закрыта для изменений. Чтобы изменить её, снимите утверждение.
        </p>
      )}
      <Table
        columns={["Наименование", num("Кол-во"), num("Цена за ед., ₽"), num("Сумма"), {
          label: "Удалить",
          hidden: true,
        }]}
        className="ed-table"
      >
        <SectionBodies
          items={e.items}
          columns={5}
          classes={{ section: "ed-section", subtotal: "ed-subtotal" }}
          trailingCell
          line={(it) => <LineRow key={it.id} item={it} disabled={locked || busy} onEdit={send} />}
        />
        <tfoot>
          <tr>
            <td colSpan={3}>Итого по позициям</td>
            <td className="num" data-testid="items-total">{formatKopecks(e.itemsTotal)}</td>
            <td />
          </tr>
          {e.discountAmount > 0 && (
            <tr>
              <td colSpan={3}>
                Скидка{e.discount?.kind === "percent" ? ` ${formatNumber(e.discount.value)} %` : ""}
              </td>
              <td className="num">−{formatKopecks(e.discountAmount)}</td>
              <td />
            </tr>
          )}
          {!vatLine(e.vatMode).included && (
            <tr>
              <td colSpan={3}>{vatLine(e.vatMode).label}</td>
              <td className="num">{formatKopecks(e.vatAmount)}</td>
              <td />
            </tr>
          )}
          <tr className="ed-grand">
            <td colSpan={3}>ОБЩАЯ СТОИМОСТЬ</td>
            <td className="num" data-testid="estimate-total">{formatKopecks(e.totalAmount)}</td>
            <td />
          </tr>
          {vatLine(e.vatMode).included && (
            <tr>
              <td colSpan={3}>{vatLine(e.vatMode).label}</td>
              <td className="num" data-testid="estimate-vat">{formatKopecks(e.vatAmount)}</td>
              <td />
            </tr>
          )}
        </tfoot>
      </Table>
      {!locked && (
        <div className="grid-2 ed-panels">
          <AddFromPriceList disabled={busy} onAdd={send} />
          <AddFreeLine disabled={busy} onAdd={send} />
        </div>
      )}
      <Terms estimate={e} disabled={locked || busy} onSave={send} />
      <section className="stack" aria-labelledby="ed-log">
        <h3 id="ed-log" className="card-title">Журнал изменений</h3>
        {changes.length === 0
          ? <p className="muted">Смету ещё не меняли.</p>
          : (
            <ul className="ed-log" data-testid="estimate-changes">
              {changes.map((ch) => (
                <li key={ch.id}>
                  <span className="muted">
                    {formatDateTime(ch.createdAt)} · {personName(ch.userFirstName, ch.userLastName) || "—"}
                  </span>
                  <span>{ch.summary}</span>
                  {ch.totalDelta !== 0 && (
                    <span className="money">
                      {ch.totalDelta > 0 ? "+" : "−"}
                      {formatKopecks(Math.abs(ch.totalDelta))}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
      </section>
    </div>
  );
}

/** One line: quantity and price are saved when the field is left with a changed value. */
function LineRow({ item, disabled, onEdit }: {
  item: EditorItem;
  disabled: boolean;
  onEdit: (edit: EstimateEdit) => Promise<boolean>;
}) {
  const [qty, setQty] = useState(qtyInput(item.quantity));
  const [price, setPrice] = useState(rubInput(item.pricePerUnit));
  useEffect(() => setQty(qtyInput(item.quantity)), [item.quantity]);
  useEffect(() => setPrice(rubInput(item.pricePerUnit)), [item.pricePerUnit]);

  async function commit() {
    const quantity = numberOf(qty);
    const pricePerUnit = kopecksOf(price);
    if (!Number.isFinite(quantity) || !Number.isFinite(pricePerUnit)) {
      toast({
        title: "Проверьте значения",
        description: "Количество и цена — числа",
        variant: "destructive",
      });
      return;
    }
    if (quantity === item.quantity && pricePerUnit === item.pricePerUnit) return;
    const ok = await onEdit({ action: "update_item", itemId: item.id, quantity, pricePerUnit });
    if (!ok) {
      setQty(qtyInput(item.quantity));
      setPrice(rubInput(item.pricePerUnit));
    }
  }
  const onKey = (ev: { key: string; currentTarget: HTMLInputElement }) => {
    if (ev.key === "Enter") ev.currentTarget.blur();
  };
  return (
    <tr className="ed-line" data-testid="estimate-line">
      <td className="ed-name">{item.name}</td>
      <td className="num">
        <span className="ed-qty">
          <input
            inputMode="decimal"
            aria-label={`Количество: ${item.name}`}
            value={qty}
            disabled={disabled}
            onChange={(ev) => setQty(ev.target.value)}
            onBlur={commit}
            onKeyDown={onKey}
          />
          <span className="muted">{item.unit}</span>
        </span>
      </td>
      <td className="num">
        <input
          className="ed-price"
          inputMode="decimal"
          aria-label={`Цена за единицу: ${item.name}`}
          value={price}
          disabled={disabled}
          onChange={(ev) => setPrice(ev.target.value)}
          onBlur={commit}
          onKeyDown={onKey}
        />
      </td>
      <td className="num ed-total">{formatKopecks(item.totalPrice)}</td>
      <td>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={disabled}
          aria-label={`Удалить: ${item.name}`}
          onClick={() => void onEdit({ action: "remove_item", itemId: item.id })}
        >
          ✕
        </button>
      </td>
    </tr>
  );
}

function AddFromPriceList({ disabled, onAdd }: {
  disabled: boolean;
  onAdd: (edit: EstimateEdit) => Promise<boolean>;
}) {
  const [q, setQ] = useState("");
  const [found, setFound] = useState<PriceItem[]>([]);
  useEffect(() => {
    if (q.trim().length < 2) {
      setFound([]);
      return;
    }
    const timer = setTimeout(() => {
      call(client.estimates["price-items"].$get({ query: { q: q.trim() } }))
        .then(setFound, () => setFound([]));
    }, 250);
    return () => clearTimeout(timer);
  }, [q]);
  return (
    <section className="stack" aria-labelledby="ed-add">
      <h3 id="ed-add" className="card-title">Добавить из прайс-листа</h3>
      <TextField
        id="ed-search"
        label="Код или название"
        type="search"
        placeholder="А012 или «труба»"
        value={q}
        onValue={setQ}
      />
      {found.length > 0 && (
        <ul className="ed-found">
          {found.map((p) => (
            <li key={p.code}>
              <span>
                <span className="muted">{p.code}</span> {p.name}{" "}
                <span className="money">{formatKopecks(p.materialsPrice + p.worksPrice)} / {p.unit}</span>
              </span>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                disabled={disabled}
                onClick={() => void onAdd({ action: "add_item", code: p.code, quantity: 1 })}
              >
                Добавить
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AddFreeLine({ disabled, onAdd }: {
  disabled: boolean;
  onAdd: (edit: EstimateEdit) => Promise<boolean>;
}) {
  const [name, setName] = useState("");
  const [unit, setUnit] = useState("шт");
  const [qty, setQty] = useState("1");
  const [price, setPrice] = useState("");
  async function add(ev: { preventDefault(): void }) {
    ev.preventDefault();
    const ok = await onAdd({
      action: "add_free_item",
      name,
      unit,
      quantity: numberOf(qty),
      pricePerUnit: kopecksOf(price || "0"),
    });
    if (ok) {
      setName("");
      setPrice("");
      setQty("1");
    }
  }
  return (
    <form className="stack" aria-labelledby="ed-free" onSubmit={add}>
      <h3 id="ed-free" className="card-title">Своя строка</h3>
      <TextField id="ed-free-name" label="Наименование" value={name} onValue={setName} />
      <div className="grid-3">
        <TextField id="ed-free-unit" label="Ед." value={unit} onValue={setUnit} />
        <TextField id="ed-free-qty" label="Кол-во" inputMode="decimal" value={qty} onValue={setQty} />
        <TextField id="ed-free-price" label="Цена, ₽" inputMode="decimal" value={price} onValue={setPrice} />
      </div>
      <div>
        <button type="submit" className="btn btn-secondary" disabled={disabled || !name.trim()}>
          Добавить строку
        </button>
      </div>
    </form>
  );
}

function Terms({ estimate: e, disabled, onSave }: {
  estimate: EditorEstimate;
  disabled: boolean;
  onSave: (edit: EstimateEdit) => Promise<boolean>;
}) {
  const [kind, setKind] = useState<"none" | "percent" | "sum">(e.discount?.kind ?? "none");
  const [value, setValue] = useState(
    e.discount ? (e.discount.kind === "sum" ? rubInput(e.discount.value) : qtyInput(e.discount.value)) : "",
  );
  const [vatMode, setVatMode] = useState(e.vatMode);
  const [clientNote, setClientNote] = useState(e.clientNote ?? "");
  const [internalNote, setInternalNote] = useState(e.internalNote ?? "");
  function save(ev: { preventDefault(): void }) {
    ev.preventDefault();
    void onSave({
      action: "set_terms",
      vatMode,
      discount: kind === "none"
        ? null
        : kind === "percent"
        ? { kind, value: numberOf(value || "0") }
        : { kind, value: kopecksOf(value || "0") },
      clientNote,
      internalNote,
    });
  }
  return (
    <form className="stack" aria-labelledby="ed-terms" onSubmit={save}>
      <h3 id="ed-terms" className="card-title">Скидка, НДС и примечания</h3>
      <div className="grid-3">
        <div className="field">
          <label htmlFor="ed-discount-kind">Скидка</label>
          <select
            id="ed-discount-kind"
            value={kind}
            disabled={disabled}
            onChange={(ev) => setKind(ev.target.value as typeof kind)}
          >
            <option value="none">Без скидки</option>
            <option value="percent">Процент</option>
            <option value="sum">Сумма, ₽</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="ed-discount-value">{kind === "sum" ? "Сумма скидки, ₽" : "Скидка, %"}</label>
          <input
            id="ed-discount-value"
            inputMode="decimal"
            value={value}
            disabled={disabled || kind === "none"}
            onChange={(ev) => setValue(ev.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="ed-vat">НДС</label>
          <select
            id="ed-vat"
            value={vatMode}
            disabled={disabled}
            onChange={(ev) => setVatMode(ev.target.value as typeof vatMode)}
          >
            {vatModes.map((v) => (
              <option key={v.value} value={v.value}>
                {v.rate === 0 ? "Без НДС" : v.included ? `${v.label} (цены с НДС)` : `${v.label} сверху`}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="grid-2">
        {[
          {
            id: "ed-client-note",
            label: "Примечание для клиента",
            hint: "Печатается в смете для клиента",
            value: clientNote,
            onValue: setClientNote,
          },
          {
            id: "ed-internal-note",
            label: "Внутреннее примечание",
            hint: "Видно только сотрудникам компании",
            value: internalNote,
            onValue: setInternalNote,
          },
        ].map((note) => <TextField key={note.id} {...note} multiline rows={3} disabled={disabled} />)}
      </div>
      <div>
        <button type="submit" className="btn btn-primary" disabled={disabled}>Сохранить условия</button>
      </div>
    </form>
  );
}
