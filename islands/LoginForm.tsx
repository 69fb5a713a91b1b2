import { type FormEvent, useId, useState } from "react";
import { loginSchema, registerSchema, safeNext } from "../domain/auth.ts";
import { type FieldOptions, TextField } from "../components/Field.tsx";
import { ApiRequestError, call, client, type JsonOf } from "../components/api.ts";
import { errorMessage, type Errors, firstErrors, serverErrors } from "../components/form.ts";
import { toastAfterNavigation, toastError } from "../components/toast.ts";
import { BusyButton } from "../components/BusyButton.tsx";

interface Props {
  next: string;
  initialTab: "login" | "register";
  yandexEnabled: boolean;
}

type Values = Record<string, string>;

const TAKEN_OR_RESERVED =
  "Не удалось войти с этим email и паролем. Если у вас уже есть учетная запись, войдите на вкладке «Вход».";

/** The two tabs of /login: sign-in and registration, checked here with the server's own schemas. */
export default function LoginForm({ next, initialTab, yandexEnabled }: Props) {
  const [tab, setTab] = useState(initialTab);
  const id = useId();
  return (
    <div className="auth-card card">
      <div className="tabs" role="tablist" aria-label="Вход или регистрация">
        {([["login", "Вход"], ["register", "Регистрация"]] as const).map(([name, label]) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`${id}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${id}-panel`}
            className="tab"
            onClick={() => setTab(name)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`}>
        {tab === "login" ? <SignIn next={next} /> : <Register />}
      </div>
      {yandexEnabled && (
        <a className="btn btn-secondary btn-block" href="/api/login?provider=yandex">Войти через Яндекс ID</a>
      )}
    </div>
  );
}

/** A form's values, errors and busy state; `field` draws a required text field that drops its error when edited. */
function useForm(initial: Values) {
  const id = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const field = (name: string, label: string, options: FieldOptions) => (
    <TextField
      id={`${id}-${name}`}
      label={label}
      error={errors[name]}
      required
      name={name}
      value={values[name] ?? ""}
      onValue={(value) => {
        setValues((v) => ({ ...v, [name]: value }));
        if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
      }}
      {...options}
    />
  );
  return { values, errors, setErrors, busy, setBusy, field };
}

function SignIn({ next }: { next: string }) {
  const f = useForm({ email: "", password: "" });
  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = loginSchema.safeParse(f.values);
    if (!parsed.success) return f.setErrors(firstErrors(parsed.error));
    f.setBusy(true);
    try {
      await call(client.login.$post({ json: parsed.data }));
      toastAfterNavigation({ title: "Успешный вход", variant: "success" });
      location.assign(safeNext(next));
    } catch (error) {
      f.setErrors(serverErrors(error));
      toastError(errorMessage(error) || "Ошибка входа", "Ошибка входа");
      f.setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} noValidate className="stack">
      {f.field("email", "Email", { type: "email", autoComplete: "username", inputMode: "email" })}
      {f.field("password", "Пароль", { type: "password", autoComplete: "current-password" })}
      <BusyButton type="submit" className="btn btn-primary btn-block" busy={f.busy} busyLabel="Вход…">
        Войти
      </BusyButton>
    </form>
  );
}

function Register() {
  const f = useForm({ email: "", firstName: "", lastName: "", password: "", confirmPassword: "" });
  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = registerSchema.safeParse(f.values);
    if (!parsed.success) return f.setErrors(firstErrors(parsed.error));
    f.setBusy(true);
    try {
      // The server answers alike for a new and a taken e-mail; signing in tells the person which it was.
      await call(client.register.$post({ json: f.values as JsonOf<typeof client.register.$post> }));
    } catch (error) {
      f.setErrors(serverErrors(error));
      toastError(errorMessage(error), "Ошибка регистрации");
      return f.setBusy(false);
    }
    try {
      await call(client.login.$post({ json: { email: parsed.data.email, password: parsed.data.password } }));
      toastAfterNavigation({ title: "Регистрация успешна", variant: "success" });
      location.assign("/");
    } catch (error) {
      const wrong = error instanceof ApiRequestError && error.status === 401;
      toastError(
        wrong ? TAKEN_OR_RESERVED : errorMessage(error) || "Ошибка регистрации",
        "Ошибка регистрации",
      );
      f.setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} noValidate className="stack">
      <div className="grid-2">
        {f.field("firstName", "Имя", { autoComplete: "given-name" })}
        {f.field("lastName", "Фамилия", { autoComplete: "family-name" })}
      </div>
      {f.field("email", "Email", { type: "email", autoComplete: "email", inputMode: "email" })}
      {f.field("password", "Пароль", {
        type: "password",
        autoComplete: "new-password",
        hint: "Не менее 6 символов",
      })}
      {f.field("confirmPassword", "Повторите пароль", { type: "password", autoComplete: "new-password" })}
      <BusyButton type="submit" className="btn btn-primary btn-block" busy={f.busy} busyLabel="Регистрация…">
        Зарегистрироваться
      </BusyButton>
    </form>
  );
}
