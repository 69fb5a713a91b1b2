// An estimate as a table grouped by section with subtotals, the grand total 'ОБЩАЯ СТОИМОСТЬ' and the
// notes (the estimating spec's «Site-work dialog», its estimate tab, and «Field-work screen»). Shared by the
// site-work dialog, /field-work and /estimates/:id.
import { num, Table } from "../Table.tsx";
import { formatKopecks, formatNumber } from "../../domain/format.ts";
import { SectionBodies } from "../EstimateSections.tsx";
import type { EstimateItem } from "../../estimating/mod.ts";
import { isEquipmentPriceNote } from "../../estimating/catalogue/equipment_price.ts";
import { EstimateAlerts } from "../EstimateAlerts.tsx";

/** A line as the engine makes it; a line added by hand in the editor may have no article. */
export type EstimateItemView = Omit<EstimateItem, "articleCode"> & { articleCode: string | null };

export interface EstimateViewData {
  id?: number;
  estimateNumber: string;
  templateName: string | null;
  /** YYYY-MM-DD */
  date?: string;
  items: EstimateItemView[];
  totalAmount: number;
  vatAmount?: number;
  vat?: { rate: number; amount: number; label: string; included?: boolean };
  notes: string[];
  warnings?: string[];
  /** Warnings that change what should be installed: shown first, prominently. */
  alerts?: string[];
}

export function ruDay(iso?: string): string {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  return m ? `${m[3]}.${m[2]}.${m[1]}` : "";
}

/** The table with subtotals and the grand total; `showBadges` adds 'Обязательно' / 'Опционально'. */
export function EstimateView(
  { estimate, showBadges = false }: { estimate: EstimateViewData; showBadges?: boolean },
) {
  const vat = estimate.vat?.amount ?? estimate.vatAmount ?? 0;
  // The station's price basis and margin stay off a screen a client may look at; the
  // engineer's estimate page shows them apart, in its details.
  const notes = estimate.notes.filter((n) => !isEquipmentPriceNote(n));
  // VAT included («в т.ч. НДС») is part of the total: shown under it rather than added before it.
  const included = estimate.vat?.included === true;
  const vatRow = (
    <tr className="est-subtotal">
      <td colSpan={7}>{estimate.vat?.label ?? "НДС"}</td>
      <td className="num">{formatKopecks(vat)}</td>
    </tr>
  );
  return (
    <div className="estimate-view">
      {estimate.alerts && <EstimateAlerts alerts={estimate.alerts} />}
      <Table
        columns={[
          "Артикул",
          "Наименование",
          "Ед.",
          num("Кол-во"),
          num("Цена за ед."),
          num("Материалы"),
          num("Работы"),
          num("Сумма"),
        ]}
        className="est-table"
      >
        <SectionBodies
          items={estimate.items}
          columns={8}
          classes={{ section: "est-section", subtotal: "est-subtotal" }}
          line={(it, i) => (
            <tr key={i} className="est-line">
              <td className="est-code">{it.articleCode}</td>
              <td className="est-name">
                {it.name}
                {showBadges && (
                  <span className={`badge ${it.isRequired ? "badge-info" : "badge-neutral"}`}>
                    {it.isRequired ? "Обязательно" : "Опционально"}
                  </span>
                )}
              </td>
              <td className="est-unit">{it.unit}</td>
              <td className="num est-qty">
                {formatNumber(it.quantity)}
                <span className="est-qty-unit">{it.unit}</span>
              </td>
              <td className="num est-price">{formatKopecks(it.pricePerUnit)}</td>
              <td className="num est-mat">{formatKopecks(it.equipmentCost)}</td>
              <td className="num est-work">{formatKopecks(it.workCost)}</td>
              <td className="num est-total">{formatKopecks(it.totalPrice)}</td>
            </tr>
          )}
        />
        <tfoot>
          {vat > 0 && !included && vatRow}
          <tr className="est-grand">
            <td colSpan={7}>ОБЩАЯ СТОИМОСТЬ{vat > 0 ? "" : " (без НДС)"}</td>
            <td className="num" data-testid="estimate-total">{formatKopecks(estimate.totalAmount)}</td>
          </tr>
          {vat > 0 && included && vatRow}
        </tfoot>
      </Table>
      {notes.length > 0 && (
        <div className="est-notes">
          <h4>Примечания</h4>
          <ul>{notes.map((n, i) => <li key={i}>{n}</li>)}</ul>
        </div>
      )}
      {estimate.warnings && estimate.warnings.length > 0 && (
        <div className="notice notice-warning est-warnings" role="note">
          <ul>{estimate.warnings.map((w, i) => <li key={i}>{w}</li>)}</ul>
        </div>
      )}
    </div>
  );
}
