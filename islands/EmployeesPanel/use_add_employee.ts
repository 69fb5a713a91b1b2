// «Добавить сотрудника»: the dialog's form, checked with the server's schema before it is sent, and the
// password the server generated, shown once.
import { type FormEvent, useRef, useState } from "react";
import { lazyModule } from "../../components/lazy.ts";
import type { Role } from "../../domain/roles.ts";
import { displayName } from "../../domain/format.ts";
import { call, client } from "../../components/api.ts";
import { errorMessage, type Errors, firstErrors, serverErrors } from "../../components/form.ts";
import { toast, toastError } from "../../components/toast.ts";
import type { EmployeeJson } from "../../domain/admin.ts";

// The server's checks (zod) load on the first submit, not with the page; null if they cannot (the server checks).
const schemas = lazyModule(() => import("../../domain/employees.ts"));
export const emptyEmployee = {
  firstName: "",
  lastName: "",
  email: "",
  role: "measurement_engineer" as Role,
  password: "",
};

export function useAddEmployee(onAdded: (employee: EmployeeJson) => void) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [values, setValues] = useState(emptyEmployee);
  const [passwordMode, setPasswordMode] = useState<"generate" | "set">("generate");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ name: string; email: string; password: string } | null>(null);

  function open() {
    setValues(emptyEmployee);
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
      onAdded(saved);
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

  const set = (name: keyof typeof emptyEmployee, value: string) =>
    setValues((v) => ({ ...v, [name]: value }));

  return {
    dialog,
    values,
    setValues,
    set,
    passwordMode,
    setPasswordMode,
    errors,
    busy,
    created,
    open,
    submit,
  };
}

export type AddEmployee = ReturnType<typeof useAddEmployee>;
