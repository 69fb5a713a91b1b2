import { type FormEvent, useId, useState } from "react";
import { lazyModule } from "../components/lazy.ts";
import { bindTextFields, SaveButton } from "../components/Field.tsx";
import { call, client } from "../components/api.ts";
import { firstErrors, useFormSend } from "../components/form.ts";

const empty = { currentPassword: "", newPassword: "", confirmPassword: "" };
const password = { required: true, type: "password", autoComplete: "new-password" };

// The checks (zod) load on the first focus or submit, not with the page; null if they cannot (the server checks).
const schemas = lazyModule(() => import("../domain/auth.ts"));

/** The change-password card, collapsed until asked for. */
export default function ChangePasswordForm() {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(empty);
  const { errors, setErrors, busy, send } = useFormSend();
  const id = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = (await schemas())?.changePasswordSchema.safeParse(values);
    if (parsed && !parsed.success) return setErrors(firstErrors(parsed.error));
    const changed = await send(() => call(client["change-password"].$post({ json: values })), {
      done: { title: "Пароль изменен", description: "На других устройствах нужно войти заново" },
      failed: "Не удалось изменить пароль",
      reason: false,
    });
    if (changed) {
      setValues(empty);
      setOpen(false);
    }
  }

  const input = bindTextFields({ id, values, errors, onChange: setValues });

  return (
    <section className="card">
      <header className="card-head">
        <h2 className="card-title">Смена пароля</h2>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? "Свернуть" : "Изменить пароль"}
        </button>
      </header>
      {open && (
        <form onSubmit={submit} onFocus={schemas} noValidate className="stack">
          {input("currentPassword", "Текущий пароль", { ...password, autoComplete: "current-password" })}
          {input("newPassword", "Новый пароль", { ...password, hint: "Не менее 6 символов" })}
          {input("confirmPassword", "Повторите новый пароль", password)}
          <SaveButton busy={busy} label="Сохранить пароль" />
        </form>
      )}
    </section>
  );
}
