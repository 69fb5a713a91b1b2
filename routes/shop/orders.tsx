// The buying pages: cart, checkout, an order's page (the confirmation and the guest's private link), and
// «Мои заказы» of a signed-in customer.
import { OrderLines, OrderTotals } from "../../components/OrderTotals.tsx";
import type { Context } from "hono";
import type { Storefront } from "../../db/shop.ts";
import { findCustomerOrder, userOrders } from "../../db/shop_orders.ts";
import { DELIVERY_COST, type OrderJson, orderNextStep, type OrderStatus } from "../../domain/shop.ts";
import { formatDate, formatDateTime, personName } from "../../domain/format.ts";
import { visitorCart } from "../../server/shop.ts";
import { Island } from "../../server/island.tsx";
import CartView from "../../islands/CartView.tsx";
import CheckoutForm from "../../islands/CheckoutForm.tsx";
import { EmptyState } from "../../components/Card.tsx";
import type { AppEnv } from "../../server/types.ts";
import { renderShopNotFound, renderShopPage, rub, shopQuery } from "./_shell.tsx";

const noIndex = <meta name="robots" content="noindex" />;

export async function cartPage(c: Context<AppEnv>, shop: Storefront) {
  const cart = await visitorCart(c, shop);
  const threshold = shop.settings.freeShippingThreshold;
  return renderShopPage(c, shop, {
    title: "Корзина",
    description: `Корзина магазина «${shop.settings.storeName}».`,
    head: noIndex,
    body: (
      <section className="shop-narrow">
        <h1>Корзина</h1>
        <p className="muted">
          Доставка по Московской области — {rub(DELIVERY_COST / 100)}
          {threshold !== null ? `, бесплатно от ${rub(threshold / 100)}` : ""}.
        </p>
        <Island component={CartView} props={{ cart, base: shop.base, query: shopQuery(shop) }} />
      </section>
    ),
  });
}

export async function checkoutPage(c: Context<AppEnv>, shop: Storefront) {
  const s = shop.settings;
  const user = c.get("user");
  const cart = await visitorCart(c, shop);
  const mine = cart.items.filter((i) => i.companyId === shop.companyId);
  const blocked = mine.some((i) => i.unavailable || i.outOfStock || i.priceChanged);
  let body;
  if (!user && !s.enableGuestCheckout) {
    body = (
      <EmptyState
        icon="user"
        text="Войдите, чтобы оформить заказ"
        hint="Магазин принимает заказы только от зарегистрированных покупателей; корзина сохранится."
        action={
          <a className="btn btn-primary" href={`/login?next=${encodeURIComponent(`${shop.base}/checkout`)}`}>
            Войти или зарегистрироваться
          </a>
        }
      />
    );
  } else if (mine.length === 0 || blocked) {
    body = (
      <EmptyState
        icon="shop"
        text={mine.length === 0 ? "Корзина пуста" : "В корзине есть товары, которые нельзя заказать"}
        action={
          <a className="btn btn-primary" href={mine.length === 0 ? shop.base : `${shop.base}/cart`}>
            {mine.length === 0 ? "В каталог" : "В корзину"}
          </a>
        }
      />
    );
  } else {
    const t = cart.totals;
    body = (
      <div className="checkout">
        <Island
          component={CheckoutForm}
          props={{
            query: shopQuery(shop),
            installationAvailable: s.enableInstallationService,
            installation: c.req.query("installation") === "1",
            initial: {
              customerName: user ? personName(user.firstName, user.lastName) : "",
              customerEmail: user?.email ?? "",
            },
            total: t.finalAmount,
          }}
        />
        <aside className="card checkout-summary">
          <h2>Ваш заказ</h2>
          <ul className="summary-lines">
            {mine.map((i) => (
              <li key={i.productId}>
                <span>{i.name} × {i.quantity}</span>
                <span className="num">{rub(i.price * i.quantity)}</span>
              </li>
            ))}
          </ul>
          <OrderTotals totals={t} vatLabel={`НДС ${s.taxRate}%`} />
          <p className="muted">
            Оплата при получении. Менеджер позвонит, чтобы подтвердить заказ и дату доставки.
          </p>
        </aside>
      </div>
    );
  }
  return renderShopPage(c, shop, {
    title: "Оформление заказа",
    description: `Оформление заказа в магазине «${s.storeName}».`,
    head: noIndex,
    body: (
      <section>
        <h1>Оформление заказа</h1>
        {body}
      </section>
    ),
  });
}

const statusTone: Record<OrderStatus, string> = {
  pending: "badge-warning",
  confirmed: "badge-info",
  in_production: "badge-info",
  ready_for_delivery: "badge-accent",
  shipped: "badge-accent",
  delivered: "badge-success",
  completed: "badge-success",
  cancelled: "badge-neutral",
};

export function OrderStatusBadge({ order }: { order: Pick<OrderJson, "status" | "statusLabel"> }) {
  return <span className={`badge ${statusTone[order.status]}`}>{order.statusLabel}</span>;
}

function OrderDetails({ order }: { order: OrderJson }) {
  return (
    <div className="card">
      <OrderLines order={order} />
      <dl className="details">
        <dt>Покупатель</dt>
        <dd>{order.customerName}, {order.customerPhone}, {order.customerEmail}</dd>
        <dt>Доставка</dt>
        <dd>
          {[order.deliveryRegion, order.deliveryCity, order.deliveryAddress, order.deliveryPostalCode].filter(
            Boolean,
          )
            .join(", ")}
        </dd>
        {order.estimatedDeliveryDate && (
          <>
            <dt>Ожидаемая дата доставки</dt>
            <dd>{formatDate(order.estimatedDeliveryDate)}</dd>
          </>
        )}
        {order.needInstallation && (
          <>
            <dt>Монтаж</dt>
            <dd>{order.installationAddress} — замерщик свяжется с вами для выезда на участок</dd>
          </>
        )}
      </dl>
    </div>
  );
}

export async function orderPage(c: Context<AppEnv>, shop: Storefront) {
  const order = await findCustomerOrder(c.get("deps").db, c.req.param("number") ?? "", {
    userId: c.get("user")?.id ?? null,
    key: c.req.query("key") ?? null,
  });
  if (!order) {
    return renderShopNotFound(c, shop, {
      title: "Заказ не найден",
      description: "Заказ не найден.",
      head: noIndex,
      hint: "Проверьте ссылку из письма или войдите в личный кабинет.",
    });
  }
  const user = c.get("user");
  return renderShopPage(c, shop, {
    title: `Заказ ${order.orderNumber}`,
    description: `Заказ ${order.orderNumber}.`,
    head: noIndex,
    body: (
      <section className="shop-narrow">
        <div
          className={`notice ${
            order.status === "cancelled" ? "notice-warning" : "notice-success"
          } order-confirmation`}
          role="status"
        >
          <h1>Заказ {order.orderNumber}{order.status === "pending" ? " принят" : ""}</h1>
          <p>
            Статус: <OrderStatusBadge order={order} />. Оформлен {formatDateTime(order.createdAt)}.{" "}
            {orderNextStep(order.status, order.customerPhone)}
          </p>
          {!user && (
            <p>
              Сохраните адрес этой страницы — по нему можно следить за заказом без входа в кабинет.
            </p>
          )}
        </div>
        <OrderDetails order={order} />
        <p>
          <a className="btn btn-secondary" href={user ? `${shop.base}/orders` : shop.base}>
            {user ? "Все мои заказы" : "Вернуться в каталог"}
          </a>
        </p>
      </section>
    ),
  });
}

export async function myOrdersPage(c: Context<AppEnv>, shop: Storefront) {
  const user = c.get("user");
  if (!user) return c.redirect(`/login?next=${encodeURIComponent(`${shop.base}/orders`)}`);
  const orders = await userOrders(c.get("deps").db, user.id);
  return renderShopPage(c, shop, {
    title: "Мои заказы",
    description: "Мои заказы.",
    head: noIndex,
    body: (
      <section className="shop-narrow">
        <h1>Мои заказы</h1>
        {orders.length === 0
          ? (
            <EmptyState
              icon="shop"
              text="Заказов пока нет"
              action={<a className="btn btn-primary" href={shop.base}>В каталог</a>}
            />
          )
          : (
            <ul className="order-cards">
              {orders.map((o) => (
                <li key={o.id} className="card order-card">
                  <div className="order-card-head">
                    <a href={`${shop.base}/orders/${encodeURIComponent(o.orderNumber)}`}>
                      <strong>Заказ {o.orderNumber}</strong>
                    </a>
                    <OrderStatusBadge order={o} />
                  </div>
                  <p className="muted">
                    {formatDate(o.createdAt)} ·{" "}
                    {o.items.map((i) => `${i.productName} × ${i.quantity}`).join(", ")}
                  </p>
                  <strong className="num">{rub(o.finalAmount)}</strong>
                </li>
              ))}
            </ul>
          )}
      </section>
    ),
  });
}
