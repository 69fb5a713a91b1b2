// The shop's staff pages (company_admin, manager, system_admin): /orders, /orders/{id} and /shop-products.
import { num, Table } from "../components/Table.tsx";
import { PhoneLink } from "../components/PhoneLink.tsx";
import { pageHref, pageLinks, Pagination } from "../components/Pagination.tsx";
import { OrderLines } from "../components/OrderTotals.tsx";
import type { Context } from "hono";
import { findOrder, listOrders } from "../db/shop_orders.ts";
import { type OrderStatus, orderStatuses, orderStatusLabels } from "../domain/shop.ts";
import { countOf, formatDate, formatDateTime } from "../domain/format.ts";
import { Island } from "../server/island.tsx";
import { companyScope, currentUser } from "../server/middleware/guard.ts";
import type { AppEnv } from "../server/types.ts";
import OrderManager from "../islands/OrderManager.tsx";
import ProductsManager from "../islands/ProductsManager.tsx";
import CategoriesManager from "../islands/CategoriesManager.tsx";
import { listAllCategories, productsToManage } from "../db/shop_manage.ts";
import { storefrontOf } from "../server/shop.ts";
import { Card, EmptyState } from "../components/Card.tsx";
import { Field } from "../components/Field.tsx";
import { renderWorkPage } from "./_page.tsx";
import { notFoundPage } from "./_errors.tsx";
import { positiveInt } from "../server/query.ts";
import { OrderStatusBadge } from "./shop/orders.tsx";
import { rub } from "./shop/_shell.tsx";

const dayRe = /^\d{4}-\d{2}-\d{2}$/;

export async function ordersPage(c: Context<AppEnv>) {
  const user = currentUser(c);
  const q = c.req.query();
  const status = (orderStatuses as readonly string[]).includes(q.status ?? "")
    ? q.status as OrderStatus
    : undefined;
  const from = dayRe.test(q.from ?? "") ? q.from : undefined;
  const to = dayRe.test(q.to ?? "") ? q.to : undefined;
  const page = positiveInt(q.page) ?? 1;
  const result = await listOrders(c.get("deps").db, companyScope(user), { status, from, to, page });
  const pages = Math.max(1, Math.ceil(result.total / result.pageSize));
  return renderWorkPage(c, {
    title: "Заказы",
    subtitle: countOf(result.total, ["заказ", "заказа", "заказов"]),
    body: (
      <div className="stack-lg">
        <form className="card filters" method="get" action="/orders" aria-label="Фильтры заказов">
          <Field id="of-status" label="Статус">
            <select id="of-status" name="status" defaultValue={status ?? ""}>
              <option value="">Все статусы</option>
              {orderStatuses.map((s) => <option key={s} value={s}>{orderStatusLabels[s]}</option>)}
            </select>
          </Field>
          <Field id="of-from" label="С даты">
            <input id="of-from" name="from" type="date" defaultValue={from ?? ""} />
          </Field>
          <Field id="of-to" label="По дату">
            <input id="of-to" name="to" type="date" defaultValue={to ?? ""} />
          </Field>
          <div className="form-actions">
            <button className="btn btn-primary" type="submit">Показать</button>
            {(status || from || to) && <a className="btn btn-ghost" href="/orders">Сбросить</a>}
          </div>
        </form>
        {result.orders.length === 0
          ? <EmptyState icon="shop" text="Заказов нет" hint="Заказы из интернет-магазина появятся здесь." />
          : (
            <Card>
              <Table columns={["Заказ", "Дата", "Покупатель", "Статус", num("Сумма")]}>
                <tbody>
                  {result.orders.map((o) => (
                    <tr key={o.id}>
                      <td>
                        <a href={`/orders/${o.id}`}>{o.orderNumber}</a>
                        {o.needInstallation && <div className="muted">с монтажом</div>}
                      </td>
                      <td>{formatDateTime(o.createdAt)}</td>
                      <td>
                        {o.customerName}
                        <div className="muted">{o.customerPhone}</div>
                      </td>
                      <td>
                        <OrderStatusBadge order={o} />
                      </td>
                      <td className="num">{rub(o.finalAmount)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </Card>
          )}
        <Pagination {...pageLinks(page, pages, (p) => pageHref("/orders", { status, from, to }, p))} />
      </div>
    ),
  });
}

export async function orderDetailPage(c: Context<AppEnv>) {
  const id = positiveInt(c.req.param("id"));
  const order = id ? await findOrder(c.get("deps").db, companyScope(currentUser(c)), id) : null;
  if (!order) return notFoundPage(c);
  return renderWorkPage(c, {
    title: `Заказ ${order.orderNumber}`,
    subtitle: (
      <>
        от {formatDateTime(order.createdAt)} · <OrderStatusBadge order={order} />
      </>
    ),
    action: <a className="btn btn-secondary" href="/orders">Все заказы</a>,
    body: (
      <div className="order-page">
        <Card title="Состав заказа">
          <OrderLines order={order} staff />
        </Card>
        <Card title="Покупатель и доставка">
          <dl className="details">
            <dt>Покупатель</dt>
            <dd>{order.customerName}</dd>
            <dt>Телефон</dt>
            <dd>
              <PhoneLink phone={order.customerPhone} />
            </dd>
            <dt>E-mail</dt>
            <dd>{order.customerEmail}</dd>
            <dt>Адрес доставки</dt>
            <dd>
              {[order.deliveryPostalCode, order.deliveryRegion, order.deliveryCity, order.deliveryAddress]
                .filter(Boolean).join(", ")}
            </dd>
            {order.deliveryNotes && (
              <>
                <dt>Комментарий</dt>
                <dd>{order.deliveryNotes}</dd>
              </>
            )}
            <dt>Ожидаемая доставка</dt>
            <dd>{formatDate(order.estimatedDeliveryDate)}</dd>
            <dt>Фактическая доставка</dt>
            <dd>{formatDate(order.actualDeliveryDate)}</dd>
            <dt>Монтаж</dt>
            <dd>
              {order.needInstallation
                ? (
                  <>
                    {order.installationAddress}
                    {order.installationNotes ? ` — ${order.installationNotes}` : ""}
                    {order.objectId && (
                      <>
                        {" "}
                        <a href={`/objects?objectId=${order.objectId}`}>Объект №{order.objectId}</a>
                      </>
                    )}
                  </>
                )
                : "Не нужен"}
            </dd>
          </dl>
        </Card>
        <Card title="Работа с заказом">
          <p>
            Статус: <OrderStatusBadge order={order} />
          </p>
          <Island
            component={OrderManager}
            props={{
              id: order.id,
              status: order.status,
              nextStatuses: order.nextStatuses,
              managerNotes: order.managerNotes ?? null,
              estimatedDeliveryDate: order.estimatedDeliveryDate,
              actualDeliveryDate: order.actualDeliveryDate,
            }}
          />
        </Card>
      </div>
    ),
  });
}

/** /shop-products: the company's products for its shop staff. */
export async function shopProductsPage(c: Context<AppEnv>) {
  const user = currentUser(c);
  const { db } = c.get("deps");
  const [products, categories, shop] = await Promise.all([
    productsToManage(db, companyScope(user)),
    listAllCategories(db),
    storefrontOf(c, user.companyId),
  ]);
  return renderWorkPage(c, {
    title: "Товары магазина",
    subtitle: countOf(products.length, ["товар", "товара", "товаров"]),
    action: shop ? <a className="btn btn-secondary" href={shop.base}>Открыть магазин</a> : undefined,
    body: (
      <div className="stack-lg">
        {user.role === "system_admin" && <Island component={CategoriesManager} props={{ categories }} />}
        <Island
          component={ProductsManager}
          props={{
            base: shop?.base ?? "/ruslos",
            categories: categories.map((x) => ({ id: x.id, name: x.name })),
            products,
          }}
        />
      </div>
    ),
  });
}
