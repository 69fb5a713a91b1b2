import { useState } from "react";
import { ApiRequestError, call, client } from "../components/api.ts";
import { toastAfterNavigation, toastError } from "../components/toast.ts";
import { type Errors, serverErrors } from "../components/form.ts";
import { Field } from "../components/Field.tsx";
import { Dialog, DialogContent, SubmitFooter } from "../components/Dialog.tsx";
import type { CategoryJson } from "../domain/shop.ts";

export interface CategoriesManagerProps {
  categories: CategoryJson[];
}

/** The shared shop categories (system_admin): list, create, edit, hide. */
export default function CategoriesManager({ categories }: CategoriesManagerProps) {
  const [editing, setEditing] = useState<CategoryJson | null | undefined>(undefined);
  const [v, setV] = useState({ name: "", slug: "", description: "", sortOrder: "0" });
  const [active, setActive] = useState(true);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  function open(c: CategoryJson | null) {
    setEditing(c);
    setErrors({});
    setV({
      name: c?.name ?? "",
      slug: c?.slug ?? "",
      description: c?.description ?? "",
      sortOrder: String(c?.sortOrder ?? 0),
    });
    setActive(c?.isActive ?? true);
  }
  const set = (k: keyof typeof v) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setV((x) => ({ ...x, [k]: value }));
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const body = { ...v, sortOrder: Number(v.sortOrder) || 0, isActive: active };
    // The server's 422 names the fields ('Название обязательно', 'Slug обязателен'); no schema is shipped here.
    setBusy(true);
    try {
      await call(
        editing
          ? client.shop.manage.categories[":id"].$put({ param: { id: String(editing.id) }, json: body })
          : client.shop.manage.categories.$post({ json: body }),
      );
      toastAfterNavigation({ title: "Категория сохранена", variant: "success" });
      location.reload();
    } catch (error) {
      setErrors(serverErrors(error));
      toastError(
        error instanceof ApiRequestError ? error.message : String(error),
        "Не удалось сохранить категорию",
      );
      setBusy(false);
    }
  }

  return (
    <div className="card">
      <div className="card-head">
        <h2 className="card-title">Категории (общие для всех магазинов)</h2>
        <button type="button" className="btn btn-secondary" onClick={() => open(null)}>
          Новая категория
        </button>
      </div>
      <ul className="category-list">
        {categories.map((c) => (
          <li key={c.id}>
            <span>
              {c.name} <span className="muted">/{c.slug}{c.isActive ? "" : " · скрыта"}</span>
            </span>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => open(c)}>Изменить</button>
          </li>
        ))}
      </ul>
      <Dialog
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editing ? "Категория" : "Новая категория"}
      >
        <DialogContent
          onSubmit={submit}
          footer={<SubmitFooter onCancel={() => setEditing(undefined)} busy={busy} label="Сохранить" />}
        >
          <div className="stack">
            <Field id="cm-name" label="Название" error={errors.name} required>
              <input id="cm-name" value={v.name} onChange={set("name")} />
            </Field>
            <Field
              id="cm-slug"
              label="Slug"
              hint="Латиница, цифры и дефис: stations"
              error={errors.slug}
              required
            >
              <input id="cm-slug" value={v.slug} onChange={set("slug")} />
            </Field>
            <Field id="cm-description" label="Описание" error={errors.description}>
              <input id="cm-description" value={v.description} onChange={set("description")} />
            </Field>
            <Field id="cm-sort" label="Порядок" error={errors.sortOrder}>
              <input id="cm-sort" type="number" value={v.sortOrder} onChange={set("sortOrder")} />
            </Field>
            <label className="check">
              <input type="checkbox" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
              <span>Показывать в магазинах</span>
            </label>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
