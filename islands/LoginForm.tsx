import { type FormEvent, useId, useState } from "react";
import { loginSchema, registerSchema, safeNext } from "../domain/auth.ts";
import { Field } from "../components/Field.tsx";
import { api, ApiRequestError } from "../components/api.ts";
import { errorMessage, type Errors, firstErrors, serverErrors } from "../components/form.ts";
import { toastAfterNavigation, toastError } from "../components/toast.ts";

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
        <button
          type="button"
          role="tab"
          id={`${id}-tab-login`}
          aria-selected={tab === "login"}
          aria-controls={`${id}-panel`}
          className="tab"
          onClick={() => setTab("login")}
        >
          Вход
        </button>
        <button
          type="button"
          role="tab"
          id={`${id}-tab-register`}
          aria-selected={tab === "register"}
          aria-controls={`${id}-panel`}
          className="tab"
          onClick={() => setTab("register")}
        >
          Регистрация
        </button>
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

function useForm(initial: Values) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const bind = (name: string) => ({
    name,
    value: values[name] ?? "",
    "aria-invalid": errors[name] ? true : undefined,
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
    },
  });
  return { values, errors, setErrors, busy, setBusy, bind };
}

function SignIn({ next }: { next: string }) {
  const f = useForm({ email: "", password: "" });
  const id = useId();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = loginSchema.safeParse(f.values);
    if (!parsed.success) return f.setErrors(firstErrors(parsed.error));
    f.setBusy(true);
    try {
      await api("/api/login", { body: parsed.data });
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
      <Field id={`${id}-email`} label="Email" error={f.errors.email} required>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="username"
          inputMode="email"
          {...f.bind("email")}
        />
      </Field>
      <Field id={`${id}-password`} label="Пароль" error={f.errors.password} required>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          {...f.bind("password")}
        />
      </Field>
      <button type="submit" className="btn btn-primary btn-block" disabled={f.busy} aria-busy={f.busy}>
        {f.busy ? "Вход…" : "Войти"}
      </button>
    </form>
  );
}

function Register() {
  const f = useForm({ email: "", firstName: "", lastName: "", password: "", confirmPassword: "" });
  const id = useId();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = registerSchema.safeParse(f.values);
    if (!parsed.success) return f.setErrors(firstErrors(parsed.error));
    f.setBusy(true);
    try {
      // The server answers alike for a new and a taken e-mail; signing in tells the person which it was.
      await api("/api/register", { body: f.values });
    } catch (error) {
      f.setErrors(serverErrors(error));
      toastError(errorMessage(error), "Ошибка регистрации");
      return f.setBusy(false);
    }
    try {
      await api("/api/login", { body: { email: parsed.data.email, password: parsed.data.password } });
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
        <Field id={`${id}-first`} label="Имя" error={f.errors.firstName} required>
          <input id={`${id}-first`} autoComplete="given-name" {...f.bind("firstName")} />
        </Field>
        <Field id={`${id}-last`} label="Фамилия" error={f.errors.lastName} required>
          <input id={`${id}-last`} autoComplete="family-name" {...f.bind("lastName")} />
        </Field>
      </div>
      <Field id={`${id}-email`} label="Email" error={f.errors.email} required>
        <input id={`${id}-email`} type="email" autoComplete="email" inputMode="email" {...f.bind("email")} />
      </Field>
      <Field
        id={`${id}-password`}
        label="Пароль"
        error={f.errors.password}
        hint="Не менее 6 символов"
        required
      >
        <input id={`${id}-password`} type="password" autoComplete="new-password" {...f.bind("password")} />
      </Field>
      <Field id={`${id}-confirm`} label="Повторите пароль" error={f.errors.confirmPassword} required>
        <input
          id={`${id}-confirm`}
          type="password"
          autoComplete="new-password"
          {...f.bind("confirmPassword")}
        />
      </Field>
      <button type="submit" className="btn btn-primary btn-block" disabled={f.busy} aria-busy={f.busy}>
        {f.busy ? "Регистрация…" : "Зарегистрироваться"}
      </button>
    </form>
  );
}
