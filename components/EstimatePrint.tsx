// The client's printable estimate (/estimates/:id/print): requisites, client, object, sections, lines and
// totals, the client note and VAT; what estimating/client_view.ts lets a client see, nothing internal.
import { num, Table } from "./Table.tsx";
import { vatLine } from "../estimating/enums.ts";
import { type ClientLine, clientLines, clientNotes } from "../estimating/client_view.ts";
import type { CompanyRequisites } from "../estimating/workbook.ts";
import { formatKopecks, formatNumber } from "../domain/format.ts";
import { SectionBodies } from "./EstimateSections.tsx";

export interface PrintEstimate {
  estimateNumber: string;
  templateName: string | null;
  items: ClientLine[];
  itemsTotal: number;
  vatMode: string;
  vatAmount: number;
  totalAmount: number;
  notes: string[];
}

export interface PrintParts {
  date: string;
  company?: CompanyRequisites;
  object: { address?: string; clientName?: string; clientPhone?: string };
  discount?: { label: string; amount: number };
  clientNote?: string;
}

const ruDay = (iso: string) => iso.split("-").reverse().join(".");

export function EstimatePrint({ estimate: e, parts }: { estimate: PrintEstimate; parts: PrintParts }) {
  const c = parts.company;
  const notes = clientNotes(e.notes, parts.clientNote);
  let n = 0;
  return (
    <main className="print-sheet">
      {c && (
        <header className="print-company">
          <strong>{c.name}</strong>
          <div>
            {[c.inn && `ИНН ${c.inn}`, c.kpp && `КПП ${c.kpp}`, c.ogrn && `ОГРН ${c.ogrn}`].filter(Boolean)
              .join(", ")}
          </div>
          <div>{[c.address, c.phone && `тел. ${c.phone}`, c.email].filter(Boolean).join("; ")}</div>
          <div>
            {[
              c.account && `р/с ${c.account}`,
              c.bankName,
              c.bik && `БИК ${c.bik}`,
              c.correspondentAccount &&
              `к/с ${c.correspondentAccount}`,
            ].filter(Boolean).join(", ")}
          </div>
        </header>
      )}
      <h1>{`Смета № ${e.estimateNumber} от ${ruDay(parts.date)}`}</h1>
      {e.templateName && <p className="muted">{e.templateName}</p>}
      <p>Объект: {parts.object.address || "не указан"}</p>
      <p>
        Заказчик:{" "}
        {[parts.object.clientName, parts.object.clientPhone].filter(Boolean).join(", ") || "не указан"}
      </p>
      <Table
        columns={["№", "Наименование", "Ед.", num("Кол-во"), num("Цена за ед."), num("Сумма")]}
        className="print-table"
      >
        <SectionBodies
          items={clientLines(e.items)}
          columns={6}
          classes={{ section: "ed-section" }}
          subtotalLabel={(section) => `Итого по разделу «${section}»`}
          line={(it, i) => (
            <tr key={i}>
              <td>{++n}</td>
              <td>{it.name}</td>
              <td>{it.unit}</td>
              <td className="num">{formatNumber(it.quantity)}</td>
              <td className="num">{formatKopecks(it.pricePerUnit)}</td>
              <td className="num">{formatKopecks(it.totalPrice)}</td>
            </tr>
          )}
        />
        <tfoot>
          <tr>
            <td colSpan={5}>Итого по смете</td>
            <td className="num">{formatKopecks(e.itemsTotal)}</td>
          </tr>
          {parts.discount && (
            <tr>
              <td colSpan={5}>{parts.discount.label}</td>
              <td className="num">−{formatKopecks(parts.discount.amount)}</td>
            </tr>
          )}
          {!vatLine(e.vatMode).included && (
            <tr>
              <td colSpan={5}>{vatLine(e.vatMode).label}</td>
              <td className="num">{formatKopecks(e.vatAmount)}</td>
            </tr>
          )}
          <tr>
            <th scope="row" colSpan={5}>ОБЩАЯ СТОИМОСТЬ</th>
            <td className="num">
              <strong>{formatKopecks(e.totalAmount)}</strong>
            </td>
          </tr>
          {vatLine(e.vatMode).included && (
            <tr>
              <td colSpan={5}>{vatLine(e.vatMode).label}</td>
              <td className="num">{formatKopecks(e.vatAmount)}</td>
            </tr>
          )}
        </tfoot>
      </Table>
      {notes.length > 0 && (
        <section>
          <h2>Примечания</h2>
          <ol>{notes.map((note, i) => <li key={i}>{note}</li>)}</ol>
        </section>
      )}
      <p className="print-sign">Составил: ____________________ Заказчик: ____________________</p>
    </main>
  );
}
