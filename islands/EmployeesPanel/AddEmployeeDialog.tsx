// The add-employee dialog: the name, e-mail, role and password choice, then the generated password shown once.
import { useId } from "react";
import { type Role, roleLabels } from "../../domain/roles.ts";
import { bindTextFields, Field, SelectField } from "../../components/Field.tsx";
import { Icon } from "../../components/Icon.tsx";
import { Dialog, DialogHead, SubmitFooter } from "../../components/Dialog.tsx";
import { toast } from "../../components/toast.ts";
import type { AddEmployee } from "./use_add_employee.ts";

/** The name and e-mail fields of a new employee: required, never filled in by the browser. */
const staffField = { required: true, autoComplete: "off" };

export function AddEmployeeDialog({ form, roles }: { form: AddEmployee; roles: readonly Role[] }) {
  const id = useId();
  const { created } = form;
  const input = bindTextFields({ id, values: form.values, errors: form.errors, onChange: form.setValues });
  return (
    <Dialog dialogRef={form.dialog} titleId={`${id}-title`}>
      <form onSubmit={form.submit} noValidate>
        <DialogHead
          title={created ? "Сотрудник добавлен" : "Новый сотрудник"}
          titleId={`${id}-title`}
          onClose={() => form.dialog.current?.close()}
        />
        {created
          ? (
            <div className="dialog-body stack">
              <p>
                {created.name} может войти с email <strong>{created.email}</strong> и паролем:
              </p>
              <p className="generated-password">
                <code>{created.password}</code>
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  onClick={() =>
                    navigator.clipboard?.writeText(created.password).then(() =>
                      toast({ title: "Пароль скопирован" })
                    )}
                >
                  Копировать
                </button>
              </p>
              <div className="notice notice-warning">
                <Icon name="alert" />
                <p>
                  Пароль показывается один раз. Передайте его сотруднику: он сможет сменить пароль в личном
                  кабинете.
                </p>
              </div>
            </div>
          )
          : (
            <div className="dialog-body stack">
              <div className="grid-2">
                {input("firstName", "Имя", staffField)}
                {input("lastName", "Фамилия", staffField)}
              </div>
              {input("email", "Email", { ...staffField, type: "email" })}
              <SelectField
                id={`${id}-role`}
                label="Роль"
                error={form.errors.role}
                value={form.values.role}
                onValue={(role) => form.set("role", role)}
                options={roles.map((r) => [r, roleLabels[r]])}
              />
              <fieldset className="stack password-choice">
                <legend className="label">Пароль</legend>
                <label className="check">
                  <input
                    type="radio"
                    name={`${id}-pw`}
                    checked={form.passwordMode === "generate"}
                    onChange={() => form.setPasswordMode("generate")}
                  />
                  Сгенерировать и показать один раз
                </label>
                <label className="check">
                  <input
                    type="radio"
                    name={`${id}-pw`}
                    checked={form.passwordMode === "set"}
                    onChange={() => form.setPasswordMode("set")}
                  />
                  Задать пароль
                </label>
                {form.passwordMode === "set" && (
                  <Field
                    id={`${id}-password`}
                    label="Пароль сотрудника"
                    error={form.errors.password}
                    hint="Не менее 6 символов"
                  >
                    <input
                      id={`${id}-password`}
                      type="text"
                      autoComplete="new-password"
                      value={form.values.password}
                      onChange={(e) => form.set("password", e.target.value)}
                    />
                  </Field>
                )}
              </fieldset>
            </div>
          )}
        <footer className="dialog-foot">
          {created
            ? (
              <button type="button" className="btn btn-primary" onClick={() => form.dialog.current?.close()}>
                Готово
              </button>
            )
            : (
              <SubmitFooter
                onCancel={() => form.dialog.current?.close()}
                busy={form.busy}
                label="Добавить"
              />
            )}
        </footer>
      </form>
    </Dialog>
  );
}
