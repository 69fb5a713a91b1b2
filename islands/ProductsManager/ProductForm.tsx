import { useState } from "react";
import { ApiRequestError, call, client, type JsonOf, withUpload } from "../../components/api.ts";
import { toastAfterNavigation, toastError } from "../../components/toast.ts";
import { type Errors, firstErrors, serverErrors } from "../../components/form.ts";
import { Field } from "../../components/Field.tsx";
import { DialogContent, DialogHead, SubmitFooter } from "../../components/Dialog.tsx";
import { productSchema } from "../../domain/shop.ts";

/** A product as the manager's list carries it (roubles). */
export interface ManagedProduct {
  id: number;
  name: string;
  sku: string;
  categoryId: number | null;
  category: "bio_long" | "accessories" | "installation" | "maintenance";
  price: number;
  oldPrice: number | null;
  shortDescription: string | null;
  stockQuantity: number;
  isActive: boolean;
  isFeatured: boolean;
  images: string[];
}

export interface ProductFormProps {
  product: ManagedProduct | null;
  categories: { id: number; name: string }[];
  onClose: () => void;
}

const kinds = {
  bio_long: "Станция",
  accessories: "Аксессуар",
  installation: "Монтаж",
  maintenance: "Обслуживание",
};

/** Create or edit a product; a picture is uploaded after the product exists. */
export default function ProductForm({ product, categories, onClose }: ProductFormProps) {
  const [v, setV] = useState<Record<string, string>>({
    name: product?.name ?? "",
    sku: product?.sku ?? "",
    categoryId: product?.categoryId ? String(product.categoryId) : "",
    category: product?.category ?? "bio_long",
    price: product ? String(product.price) : "",
    oldPrice: product?.oldPrice ? String(product.oldPrice) : "",
    shortDescription: product?.shortDescription ?? "",
    stockQuantity: String(product?.stockQuantity ?? 0),
  });
  const [active, setActive] = useState(product?.isActive ?? true);
  const [featured, setFeatured] = useState(product?.isFeatured ?? false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const set = (k: string) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setV((x) => ({ ...x, [k]: value }));
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const body = {
      ...v,
      categoryId: v.categoryId ? Number(v.categoryId) : null,
      oldPrice: v.oldPrice === "" ? null : v.oldPrice,
      stockQuantity: Number(v.stockQuantity) || 0,
      isActive: active,
      isFeatured: featured,
    };
    const parsed = productSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error));
      return;
    }
    setBusy(true);
    try {
      // The body the server's schema accepted above, sent as it was typed (parsing may reshape it).
      const json = body as JsonOf<typeof client.shop.manage.products.$post>;
      await call(
        product
          ? client.shop.manage.products[":id"].$put({ param: { id: String(product.id) }, json })
          : client.shop.manage.products.$post({ query: {}, json }),
      );
      toastAfterNavigation({ title: product ? "Товар сохранён" : "Товар добавлен", variant: "success" });
      location.reload();
    } catch (error) {
      setErrors(serverErrors(error));
      toastError(
        error instanceof ApiRequestError ? error.message : String(error),
        "Не удалось сохранить товар",
      );
      setBusy(false);
    }
  }

  async function upload(file: File) {
    if (!product) return;
    const form = new FormData();
    form.append("file", file);
    try {
      await call(
        client.shop.manage.products[":id"].images.$post(
          { param: { id: String(product.id) } },
          withUpload(form),
        ),
      );
      toastAfterNavigation({ title: "Изображение загружено", variant: "success" });
      location.reload();
    } catch (error) {
      toastError(
        error instanceof ApiRequestError ? error.message : String(error),
        "Не удалось загрузить изображение",
      );
    }
  }

  const input = (k: string, label: string, extra: Record<string, unknown> = {}, required = false) => (
    <Field id={`pf-${k}`} label={label} error={errors[k]} required={required}>
      <input
        id={`pf-${k}`}
        value={v[k]}
        onChange={set(k)}
        aria-invalid={errors[k] ? true : undefined}
        {...extra}
      />
    </Field>
  );

  return (
    <>
      <DialogHead title={product ? `Товар ${product.sku}` : "Новый товар"} onClose={onClose} />
      <DialogContent
        onSubmit={submit}
        footer={<SubmitFooter onCancel={onClose} busy={busy} label="Сохранить" />}
      >
        <div className="stack">
          {input("name", "Название товара", {}, true)}
          {input("sku", "Артикул", {}, true)}
          <Field id="pf-categoryId" label="Категория" error={errors.categoryId}>
            <select id="pf-categoryId" value={v.categoryId} onChange={set("categoryId")}>
              <option value="">Без категории</option>
              {categories.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
            </select>
          </Field>
          <Field id="pf-category" label="Вид" error={errors.category}>
            <select id="pf-category" value={v.category} onChange={set("category")}>
              {Object.entries(kinds).map(([k, l]) => <option key={k} value={k}>{l}</option>)}
            </select>
          </Field>
          {input("price", "Цена, ₽", { inputMode: "decimal" }, true)}
          {input("oldPrice", "Старая цена, ₽", { inputMode: "decimal" })}
          {input("stockQuantity", "Остаток, шт.", { inputMode: "numeric", type: "number", min: 0 })}
          {input("shortDescription", "Краткое описание")}
          <label className="check">
            <input type="checkbox" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
            <span>Показывать в магазине</span>
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={featured}
              onChange={(e) => setFeatured(e.currentTarget.checked)}
            />
            <span>Популярный (первым в каталоге)</span>
          </label>
          {product && (
            <Field id="pf-image" label="Добавить изображение" hint="PNG, JPG, GIF или WebP до 5 МБ">
              <input
                id="pf-image"
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                onChange={(e) => {
                  const f = e.currentTarget.files?.[0];
                  if (f) upload(f);
                }}
              />
            </Field>
          )}
        </div>
      </DialogContent>
    </>
  );
}
