import { useState } from "react";
import { formatRoubles as rub } from "../domain/format.ts";
import { OrderTotals } from "../components/OrderTotals.tsx";
import { ApiRequestError, call, clientWithQuery } from "../components/api.ts";
import { toastError } from "../components/toast.ts";
import type { CartJson } from "../domain/shop.ts";

export interface CartViewProps {
  cart: CartJson;
  base: string;
  query: string;
}

/**
 * The cart: quantities, removal, the problems (changed price, gone, short stock) and the totals. A changed
 * price is confirmed line by line before the checkout opens.
 */
export default function CartView({ cart: initial, base, query }: CartViewProps) {
  const [cart, setCart] = useState(initial);
  const [busy, setBusy] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<number, string>>({});

  async function change(productId: number, method: "PATCH" | "DELETE" | "CONFIRM", quantity?: string) {
    setBusy(productId);
    try {
      const line = clientWithQuery(query).shop.cart[":productId"];
      const param = { productId: String(productId) };
      const next = await call(
        method === "CONFIRM"
          ? line["confirm-price"].$post({ param })
          : method === "PATCH"
          ? line.$patch({ param, json: { quantity: quantity ?? "" } })
          : line.$delete({ param }),
      );
      setCart(next);
      setErrors((e) => ({ ...e, [productId]: "" }));
      for (const el of document.querySelectorAll(".shop-cart-count")) el.textContent = String(next.count);
    } catch (e) {
      const message = e instanceof ApiRequestError ? (e.errors.quantity?.[0] ?? e.message) : String(e);
      setErrors((x) => ({ ...x, [productId]: message }));
      toastError(message);
    } finally {
      setBusy(null);
    }
  }

  if (cart.items.length === 0) {
    return (
      <div className="empty">
        <p className="empty-text">Корзина пуста</p>
        <a className="btn btn-primary" href={base}>Перейти в каталог</a>
      </div>
    );
  }
  const blocked = cart.items.some((i) => i.unavailable || i.outOfStock);
  const repriced = cart.items.some((i) => i.priceChanged);
  const t = cart.totals;
  return (
    <div className="cart">
      {cart.problems.length > 0 && (
        <div className="notice notice-warning" role="status">
          <ul>{cart.problems.map((p) => <li key={p}>{p}</li>)}</ul>
        </div>
      )}
      <ul className="cart-lines">
        {cart.items.map((i) => (
          <li
            key={i.productId}
            className={i.unavailable || i.outOfStock ? "cart-line cart-line-problem" : "cart-line"}
          >
            <div className="cart-line-name">
              {i.unavailable ? <strong>{i.name}</strong> : <a href={`${base}/product/${i.slug}`}>{i.name}</a>}
              <span className="muted">Артикул: {i.sku || "—"}</span>
              {i.unavailable && <span className="stock stock-out">Снят с продажи</span>}
              {i.outOfStock && (
                <span className="stock stock-out">
                  {i.stockQuantity === 0 ? "Нет в наличии" : `В наличии только ${i.stockQuantity} шт.`}
                </span>
              )}
              {i.priceChanged && (
                <span className="stock stock-changed">
                  Цена изменилась: было {rub(i.priceAtAdd)}, стало {rub(i.price)}
                </span>
              )}
              {i.priceChanged && (
                <button
                  type="button"
                  className="btn btn-secondary btn-sm cart-line-confirm"
                  onClick={() => change(i.productId, "CONFIRM")}
                  disabled={busy === i.productId}
                >
                  Подтвердить новую цену
                </button>
              )}
            </div>
            <label className="cart-line-qty">
              <span className="visually-hidden">Количество</span>
              <input
                type="number"
                inputMode="numeric"
                min={1}
                max={999}
                defaultValue={i.quantity}
                disabled={busy === i.productId || i.unavailable}
                aria-invalid={errors[i.productId] ? true : undefined}
                onBlur={(e) => {
                  if (e.currentTarget.value !== String(i.quantity)) {
                    change(
                      i.productId,
                      "PATCH",
                      e.currentTarget.value,
                    );
                  }
                }}
                onKeyDown={(e) => {
                  if (e.key === "Enter") e.currentTarget.blur();
                }}
              />
            </label>
            <strong className="cart-line-sum num">{rub(i.price * i.quantity)}</strong>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => change(i.productId, "DELETE")}
              disabled={busy === i.productId}
            >
              Удалить
            </button>
            {errors[i.productId] && (
              <p className="field-error cart-line-error" role="alert">{errors[i.productId]}</p>
            )}
          </li>
        ))}
      </ul>
      <OrderTotals totals={t} />
      <div className="action-bar">
        {blocked
          ? <p className="muted">Уберите отмеченные товары или уменьшите количество, чтобы оформить заказ.</p>
          : repriced
          ? <p className="muted">Подтвердите новую цену, чтобы оформить заказ.</p>
          : <a className="btn btn-primary btn-lg btn-block" href={`${base}/checkout`}>Оформить заказ</a>}
      </div>
    </div>
  );
}
