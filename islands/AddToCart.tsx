import { useState } from "react";
import { ApiRequestError, call, clientWithQuery } from "../components/api.ts";
import { toast, toastError } from "../components/toast.ts";
import { BusyButton } from "../components/BusyButton.tsx";

export interface AddToCartProps {
  productId: number;
  /** The storefront's address, '/ruslos' or '/ruslos/c/{id}'. */
  base: string;
  /** '' or '?shop={id}' for the API. */
  query: string;
  /** 'Заказать с монтажом': after adding, go to the checkout with installation ticked. */
  withInstallation?: boolean;
  /** Show the quantity input. */
  quantity?: boolean;
  disabled?: boolean;
}

/** «В корзину» (and «Заказать с монтажом»): adds to the visitor's cart through the API. */
export default function AddToCart(
  { productId, base, query, withInstallation, quantity, disabled }: AddToCartProps,
) {
  const [busy, setBusy] = useState(false);
  const [count, setCount] = useState("1");
  const [error, setError] = useState("");
  async function add() {
    setBusy(true);
    setError("");
    try {
      const cart = await call(
        clientWithQuery(query).shop.cart.$post({ json: { productId, quantity: quantity ? count : 1 } }),
      );
      if (withInstallation) {
        location.assign(`${base}/checkout?installation=1`);
        return;
      }
      for (const el of document.querySelectorAll(".shop-cart-count")) el.textContent = String(cart.count);
      toast({
        title: "Товар добавлен в корзину",
        description: `В корзине товаров: ${cart.count}`,
        variant: "success",
      });
      setBusy(false);
    } catch (e) {
      const message = e instanceof ApiRequestError ? (e.errors.quantity?.[0] ?? e.message) : String(e);
      setError(message);
      toastError(message);
      setBusy(false);
    }
  }
  return (
    <div className="add-to-cart">
      {quantity && (
        <label className="add-to-cart-qty">
          <span>Количество</span>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={999}
            value={count}
            onChange={(e) => setCount(e.currentTarget.value)}
            aria-invalid={error ? true : undefined}
          />
        </label>
      )}
      <BusyButton
        className={withInstallation ? "btn btn-secondary" : "btn btn-primary"}
        onClick={add}
        busy={busy}
        disabled={disabled}
        spinner
      >
        {withInstallation ? "Заказать с монтажом" : "В корзину"}
      </BusyButton>
      {error && quantity && <p className="field-error" role="alert">{error}</p>}
    </div>
  );
}
