import { useState } from "react";
import { num, Table } from "../components/Table.tsx";
import { formatRoubles as rub } from "../domain/format.ts";
import { Dialog, DialogLoadFailed } from "../components/Dialog.tsx";
import { lazyPart } from "../components/lazy.ts";
import type { ManagedProduct, ProductFormProps } from "./ProductsManager/ProductForm.tsx";

const form = lazyPart<ProductFormProps>(() => import("./ProductsManager/ProductForm.tsx"), DialogLoadFailed);

/**
 * Rows shown before «Показать все»: a shop's few hundred products are found by the search above, and the page
 * with every row rendered took 7 ms to make and 158 KB to send (the demo's 230).
 */
const FIRST_ROWS = 50;

export interface ProductsManagerProps {
  products: ManagedProduct[];
  categories: { id: number; name: string }[];
  /** The storefront's address, for «Открыть в магазине». */
  base: string;
}

/** The company's products: a searchable list, «Новый товар» and editing (also hiding) in a dialog. */
export default function ProductsManager({ products, categories, base }: ProductsManagerProps) {
  const [editing, setEditing] = useState<ManagedProduct | null | undefined>(undefined);
  const [q, setQ] = useState("");
  const [everyRow, setEveryRow] = useState(false);
  const Form = form.component();
  const needle = q.trim().toLowerCase();
  const shown = needle
    ? products.filter((p) => p.name.toLowerCase().includes(needle) || p.sku.toLowerCase().includes(needle))
    : products;
  const rows = everyRow ? shown : shown.slice(0, FIRST_ROWS);
  return (
    <div className="stack">
      <div className="filters card">
        <div className="field">
          <label htmlFor="pm-q">Поиск</label>
          <input id="pm-q" type="search" value={q} onChange={(e) => setQ(e.currentTarget.value)} />
        </div>
        <div className="form-actions">
          <button type="button" className="btn btn-primary" onClick={() => setEditing(null)} {...form.intent}>
            Новый товар
          </button>
        </div>
      </div>
      <div className="card">
        <Table columns={["Товар", "Артикул", num("Цена"), num("Остаток"), "В магазине", ""]}>
          <tbody>
            {rows.map((p) => (
              <tr key={p.id}>
                <td>
                  <a href={`${base}/product/${p.sku.toLowerCase()}`}>{p.name}</a>
                </td>
                <td>{p.sku}</td>
                <td className="num">{rub(p.price)}</td>
                <td className="num">{p.stockQuantity}</td>
                <td>{p.isActive ? "Да" : "Скрыт"}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    onClick={() => setEditing(p)}
                    {...form.intent}
                  >
                    Изменить
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
        {rows.length < shown.length && (
          <div className="form-actions">
            <button type="button" className="btn btn-secondary" onClick={() => setEveryRow(true)}>
              Показать все ({shown.length})
            </button>
          </div>
        )}
      </div>
      <Dialog open={editing !== undefined} onClose={() => setEditing(undefined)} label="Товар">
        {editing !== undefined && (
          <Form
            product={editing}
            categories={categories}
            onClose={() => setEditing(undefined)}
          />
        )}
      </Dialog>
    </div>
  );
}
