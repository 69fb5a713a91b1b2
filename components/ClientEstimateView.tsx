// The client's estimate on the private link page (estimating/client_view.ts decides what is in it): name, unit,
// quantity, price per unit and total of each line by section, the totals and the client's notes. On a phone
// the lines become cards (the .est-table rules of 40-measurement.css).
import { num, Table } from "./Table.tsx";
import { SectionBodies } from "./EstimateSections.tsx";
import { formatKopecks, formatNumber } from "../domain/format.ts";
import type { ClientEstimate } from "../estimating/client_view.ts";
import { vatLine } from "../estimating/enums.ts";

/** Itemised, or (`showItems` false) only the total of each section. */
export function ClientEstimateView(
  { estimate: e, showItems }: { estimate: ClientEstimate; showItems: boolean },
) {
  // VAT on top is a line before the total; VAT included («в т.ч. НДС») is part of it, shown under it.
  const vat = vatLine(e.vatMode);
  const vatRow = (columns: number) => (
    <tr className="est-subtotal">
      <td colSpan={columns - 1}>{vat.label}</td>
      <td className="num">{formatKopecks(e.vatAmount)}</td>
    </tr>
  );
  const totals = (columns: number) => (
    <tfoot>
      {e.discount && (
        <tr className="est-subtotal">
          <td colSpan={columns - 1}>{e.discount.label}</td>
          <td className="num">−{formatKopecks(e.discount.amount)}</td>
        </tr>
      )}
      {vat.rate > 0 && !vat.included && vatRow(columns)}
      <tr className="est-grand">
        <td colSpan={columns - 1}>ОБЩАЯ СТОИМОСТЬ{vat.rate > 0 ? "" : " (без НДС)"}</td>
        <td className="num" data-testid="estimate-total">{formatKopecks(e.totalAmount)}</td>
      </tr>
      {vat.included && vatRow(columns)}
    </tfoot>
  );
  return (
    <div className="estimate-view client-estimate">
      {showItems
        ? (
          <Table
            columns={["Наименование", "Ед.", num("Кол-во"), num("Цена за ед."), num("Сумма")]}
            className="est-table"
          >
            <SectionBodies
              items={e.lines}
              columns={5}
              classes={{ section: "est-section", subtotal: "est-subtotal" }}
              line={(it, i) => (
                <tr key={i} className="est-line">
                  <td className="est-name">{it.name}</td>
                  <td className="est-unit">{it.unit}</td>
                  <td className="num est-qty">
                    {formatNumber(it.quantity)}
                    <span className="est-qty-unit">{it.unit}</span>
                  </td>
                  <td className="num est-price">{formatKopecks(it.pricePerUnit)}</td>
                  <td className="num est-total">{formatKopecks(it.totalPrice)}</td>
                </tr>
              )}
            />
            {totals(5)}
          </Table>
        )
        : (
          <table className="table est-table client-sections">
            <tbody>
              {e.sections.map((s) => (
                <tr key={s.section} className="est-subtotal">
                  <td>{s.section}</td>
                  <td className="num">{formatKopecks(s.amount)}</td>
                </tr>
              ))}
            </tbody>
            {totals(2)}
          </table>
        )}
      {e.notes.length > 0 && (
        <div className="est-notes">
          <h4>Примечания</h4>
          <ul>{e.notes.map((n, i) => <li key={i}>{n}</li>)}</ul>
        </div>
      )}
    </div>
  );
}
