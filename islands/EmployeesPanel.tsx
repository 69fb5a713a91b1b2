import { type FormEvent, useId, useRef, useState } from "react";
import { lazyModule } from "../components/lazy.ts";
import { employeeRoles, type Role, roleLabels } from "../domain/roles.ts";
import { displayName } from "../domain/format.ts";
import { bindTextFields, Field, SelectField } from "../components/Field.tsx";
import { Icon } from "../components/Icon.tsx";
import { call, client } from "../components/api.ts";
import { Dialog, DialogHead, SubmitFooter } from "../components/Dialog.tsx";
import { errorMessage, type Errors, firstErrors, serverErrors } from "../components/form.ts";
import { toast, toastAfterNavigation, toastError } from "../components/toast.ts";
import { uploadWithProgress } from "../components/Documents.tsx";
import { Avatar } from "../components/Avatar.tsx";
import type { EmployeeJson } from "../domain/admin.ts";

export interface EmployeesPanelProps {
  employees: EmployeeJson[];
  /** company_admin, chief_engineer and system_admin add and (de)activate employees. */
  canManage: boolean;
  /** A chief engineer does not add company administrators. */
  actorRole: Role;
  currentUserId: number;
}

const AVATAR_MAX = 5 * 1024 * 1024;

// The server's checks (zod) load on the first submit, not with the page; null if they cannot (the server checks).
const schemas = lazyModule(() => import("../domain/employees.ts"));
const empty = {
  firstName: "",
  lastName: "",
  email: "",
  role: "measurement_engineer" as Role,
  password: "",
};
/** The name and e-mail fields of a new employee: required, never filled in by the browser. */
const staffField = { required: true, autoComplete: "off" };

/** /employees: counters, the list with avatars and badges, the add-employee dialog, activation, avatars. */
export default function EmployeesPanel(
  { employees: initial, canManage, actorRole, currentUserId }: EmployeesPanelProps,
) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [employees, setEmployees] = useState(initial);
  const [values, setValues] = useState(empty);
  const [passwordMode, setPasswordMode] = useState<"generate" | "set">("generate");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ name: string; email: string; password: string } | null>(null);
  const [avatarFor, setAvatarFor] = useState<number | null>(null);

  const roles = employeeRoles.filter((r) => actorRole !== "chief_engineer" || r !== "company_admin");
  const active = employees.filter((e) => e.isActive).length;

  function openAdd() {
    setValues(empty);
    setErrors({});
    setCreated(null);
    setPasswordMode("generate");
    dialog.current?.showModal();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = { ...values, password: passwordMode === "set" ? values.password : undefined };
    const checks = await schemas();
    const parsed = checks?.employeeCreateSchema.safeParse(body);
    const found: Errors = parsed && !parsed.success ? firstErrors(parsed.error) : {};
    // "Set a password" with the field left empty is the form's own rule: the server would generate one.
    if (checks && passwordMode === "set" && !values.password) found.password = checks.PASSWORD_MIN_MESSAGE;
    if (Object.keys(found).length) {
      setErrors(found);
      if (!values.firstName.trim() || !values.lastName.trim() || !values.email.trim()) {
        toastError(found.firstName ?? found.lastName ?? found.email);
      }
      return;
    }
    setBusy(true);
    try {
      const saved = await call(client.employees.$post({ json: body }));
      setEmployees((list) => [...list, saved]);
      toast({ title: "Сотрудник добавлен", description: displayName(saved), variant: "success" });
      if (saved.generatedPassword) {
        setCreated({ name: displayName(saved), email: saved.email, password: saved.generatedPassword });
      } else dialog.current?.close();
    } catch (error) {
      setErrors(serverErrors(error));
      toastError(`Не удалось создать сотрудника: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  }

  async function toggle(e: EmployeeJson) {
    try {
      const saved = await call(client.employees[":id{[0-9]+}"].$patch({
        param: { id: String(e.id) },
        json: { isActive: !e.isActive },
      }));
      setEmployees((list) => list.map((x) => (x.id === e.id ? { ...x, ...saved } : x)));
      toast({
        title: saved.isActive ? "Сотрудник активирован" : "Сотрудник деактивирован",
        variant: "success",
      });
    } catch (error) {
      toastError(`Не удалось изменить сотрудника: ${errorMessage(error)}`);
    }
  }

  function pickAvatar(employeeId: number) {
    setAvatarFor(employeeId);
    fileRef.current?.click();
  }

  async function uploadAvatar() {
    const file = fileRef.current?.files?.[0];
    const target = avatarFor;
    if (fileRef.current) fileRef.current.value = "";
    if (!file || !target) return;
    if (!file.type.startsWith("image/")) {
      return toastError("Загрузите изображение (JPG, PNG, GIF)", "Неверный тип файла");
    }
    if (file.size > AVATAR_MAX) return toastError("Максимальный размер файла 5 МБ", "Файл слишком большой");
    const form = new FormData();
    form.set("avatar", file);
    try {
      const saved = await uploadWithProgress<EmployeeJson>(`/api/employees/${target}/avatar`, form, () => {});
      if (target === currentUserId) {
        // The shell shows the user's own avatar: reload to show the new one there too.
        toastAfterNavigation({ title: "Аватар обновлен", variant: "success" });
        location.reload();
        return;
      }
      setEmployees((list) =>
        list.map((x) => (x.id === target ? { ...x, profileImageUrl: saved.profileImageUrl } : x))
      );
      toast({ title: "Аватар обновлен", variant: "success" });
    } catch (error) {
      toastError(`Не удалось загрузить аватар: ${errorMessage(error)}`, "Ошибка загрузки");
    }
  }

  const set = (name: keyof typeof empty, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const input = bindTextFields({ id, values, errors, onChange: setValues });

  return (
    <div className="stack-lg">
      <div className="stats stats-3">
        <div className="card stat-card">
          <span className="stat-label">Всего сотрудников</span>
          <span className="stat-value num">{employees.length}</span>
        </div>
        <div className="card stat-card stat-success">
          <span className="stat-label">Активных</span>
          <span className="stat-value num">{active}</span>
        </div>
        <div className="card stat-card stat-warning">
          <span className="stat-label">Неактивных</span>
          <span className="stat-value num">{employees.length - active}</span>
        </div>
      </div>

      {canManage && (
        <div className="action-bar">
          <button type="button" className="btn btn-primary" onClick={openAdd}>
            <Icon name="plus" size={18} /> Добавить сотрудника
          </button>
        </div>
      )}

      <ul className="employee-list card" aria-label="Сотрудники">
        {employees.map((e) => (
          <li key={e.id} className={e.isActive ? "employee" : "employee employee-inactive"}>
            <Avatar url={e.profileImageUrl} firstName={e.firstName} lastName={e.lastName} />
            <div className="employee-text">
              <strong>{displayName(e)}</strong>
              <span className="muted small">{e.email} · ID {e.id}</span>
              <span className="employee-badges">
                <span className="badge badge-info">{roleLabels[e.role]}</span>
                <span className={e.isActive ? "badge badge-success" : "badge badge-neutral"}>
                  {e.isActive ? "Активен" : "Неактивен"}
                </span>
              </span>
            </div>
            <div className="employee-actions">
              {(canManage || e.id === currentUserId) && (
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() => pickAvatar(e.id)}
                  aria-label={`Сменить аватар: ${displayName(e)}`}
                >
                  <Icon name="camera" size={16} /> Аватар
                </button>
              )}
              {canManage && e.id !== currentUserId && e.role !== "system_admin" &&
                !(actorRole === "chief_engineer" && e.role === "company_admin") && (
                <button
                  type="button"
                  className={e.isActive ? "btn btn-secondary btn-sm" : "btn btn-primary btn-sm"}
                  onClick={() => toggle(e)}
                >
                  {e.isActive ? "Деактивировать" : "Активировать"}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <p className="muted small">Аватар: PNG, JPG до 5MB</p>
      <input
        ref={fileRef}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={uploadAvatar}
      />

      <Dialog dialogRef={dialog} titleId={`${id}-title`}>
        <form onSubmit={submit} noValidate>
          <DialogHead
            title={created ? "Сотрудник добавлен" : "Новый сотрудник"}
            titleId={`${id}-title`}
            onClose={() => dialog.current?.close()}
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
                  error={errors.role}
                  value={values.role}
                  onValue={(role) => set("role", role)}
                  options={roles.map((r) => [r, roleLabels[r]])}
                />
                <fieldset className="stack password-choice">
                  <legend className="label">Пароль</legend>
                  <label className="check">
                    <input
                      type="radio"
                      name={`${id}-pw`}
                      checked={passwordMode === "generate"}
                      onChange={() => setPasswordMode("generate")}
                    />
                    Сгенерировать и показать один раз
                  </label>
                  <label className="check">
                    <input
                      type="radio"
                      name={`${id}-pw`}
                      checked={passwordMode === "set"}
                      onChange={() => setPasswordMode("set")}
                    />
                    Задать пароль
                  </label>
                  {passwordMode === "set" && (
                    <Field
                      id={`${id}-password`}
                      label="Пароль сотрудника"
                      error={errors.password}
                      hint="Не менее 6 символов"
                    >
                      <input
                        id={`${id}-password`}
                        type="text"
                        autoComplete="new-password"
                        value={values.password}
                        onChange={(e) => set("password", e.target.value)}
                      />
                    </Field>
                  )}
                </fieldset>
              </div>
            )}
          <footer className="dialog-foot">
            {created
              ? (
                <button type="button" className="btn btn-primary" onClick={() => dialog.current?.close()}>
                  Готово
                </button>
              )
              : <SubmitFooter onCancel={() => dialog.current?.close()} busy={busy} label="Добавить" />}
          </footer>
        </form>
      </Dialog>
    </div>
  );
}
