// The totals of a cart or an order in roubles: the cart, the order confirmation, the customer's order and
// the staff's order page show the same lines.
import { formatRoubles } from "../domain/format.ts";
import type { OrderItemJson } from "../domain/shop.ts";
import { num, Table } from "./Table.tsx";

export interface OrderTotalsValues {
  totalAmount: number;
  discount: number;
  shippingCost: number;
  vatAmount: number;
  finalAmount: number;
}

/**
 * Goods, discount, delivery, VAT and the total. For the customer a zero discount or VAT is left out and free
 * delivery reads «Бесплатно»; `everyLine` (the staff's order page) shows each line as a sum.
 */
export function OrderTotals(
  { totals: t, vatLabel = "НДС", everyLine = false }: {
    totals: OrderTotalsValues;
    vatLabel?: string;
    everyLine?: boolean;
  },
) {
  return (
    <dl className="totals">
      <dt>Товары</dt>
      <dd className="num">{formatRoubles(t.totalAmount)}</dd>
      {(everyLine || t.discount > 0) && (
        <>
          <dt>Скидка</dt>
          <dd className="num">−{formatRoubles(t.discount)}</dd>
        </>
      )}
      <dt>Доставка</dt>
      <dd className="num">
        {!everyLine && t.shippingCost === 0 ? "Бесплатно" : formatRoubles(t.shippingCost)}
      </dd>
      {(everyLine || t.vatAmount > 0) && (
        <>
          <dt>{vatLabel}</dt>
          <dd className="num">{formatRoubles(t.vatAmount)}</dd>
        </>
      )}
      <dt className="totals-final">Итого</dt>
      <dd className="totals-final num">{formatRoubles(t.finalAmount)}</dd>
    </dl>
  );
}

/**
 * An order's lines and its totals: the customer's order and the staff's order page. The staff (`staff`) sees the
 * article in a column of its own and every totals line; the customer sees it under the name.
 */
export function OrderLines({ order, staff = false }: {
  order: OrderTotalsValues & { items: OrderItemJson[] };
  staff?: boolean;
}) {
  return (
    <>
      <Table columns={["Товар", ...(staff ? ["Артикул"] : []), num("Цена"), num("Кол-во"), num("Сумма")]}>
        <tbody>
          {order.items.map((i, n) => (
            <tr key={n}>
              {staff ? <td>{i.productName}</td> : (
                <td>
                  {i.productName}
                  <br />
                  <span className="muted">{i.productSku}</span>
                </td>
              )}
              {staff && <td>{i.productSku}</td>}
              <td className="num">{formatRoubles(i.pricePerUnit)}</td>
              <td className="num">{i.quantity}</td>
              <td className="num">{formatRoubles(i.totalPrice)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <OrderTotals totals={order} everyLine={staff} />
    </>
  );
}
