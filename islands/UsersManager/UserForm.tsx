// The users dialog's form, loaded when the dialog opens (islands/UsersManager.tsx).
import { type FormEvent, useId, useState } from "react";
import {
  type AdminUserJson,
  needsCompany,
  REQUIRED_FIELDS_MESSAGE,
  userCreateSchema,
  userPatchSchema,
} from "../../domain/admin.ts";
import { roleLabels, roles } from "../../domain/roles.ts";
import { companyOptions, fieldBinder, SelectField, textFields } from "../../components/Field.tsx";
import { call, client, type JsonOf } from "../../components/api.ts";
import { DialogContent, SubmitFooter } from "../../components/Dialog.tsx";
import { errorMessage, type Errors, firstErrors, serverErrors } from "../../components/form.ts";
import { toast, toastError } from "../../components/toast.ts";

/** A company a user may be put in. */
export interface CompanyChoice {
  id: number;
  name: string;
}

export interface UserFormProps {
  /** Companies a user may be put in: every one for system_admin, the own one for company_admin. */
  companies: CompanyChoice[];
  isSystemAdmin: boolean;
  currentUserId: number;
  /** The user being edited, or null for a new one. */
  user: AdminUserJson | null;
  onClose: () => void;
  /** After a save, when the dialog closes. */
  onSaved: () => void;
}

interface Values {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  role: string;
  companyId: string;
  isActive: boolean;
}

function valuesOf(
  u: AdminUserJson | null,
  companies: UserFormProps["companies"],
  isSystemAdmin: boolean,
): Values {
  return {
    firstName: u?.firstName ?? "",
    lastName: u?.lastName ?? "",
    email: u?.email ?? "",
    password: "",
    role: u?.role ?? "measurement_engineer",
    companyId: u ? String(u.companyId ?? "") : isSystemAdmin ? "" : String(companies[0]?.id ?? ""),
    isActive: u?.isActive ?? true,
  };
}

export default function UserForm(
  { user: editing, companies, isSystemAdmin, currentUserId, onClose, onSaved }: UserFormProps,
) {
  const [values, setValues] = useState<Values>(() => valuesOf(editing, companies, isSystemAdmin));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const id = useId();
  const roleChoices = roles.filter((r) => isSystemAdmin || r !== "system_admin");

  async function submit(e: FormEvent) {
    e.preventDefault();
    const payload: Record<string, unknown> = {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      role: values.role,
      isActive: values.isActive,
      companyId: values.companyId === "" ? null : Number(values.companyId),
    };
    if (!isSystemAdmin) delete payload.companyId;
    if (!editing || values.password) payload.password = values.password;
    const parsed = (editing ? userPatchSchema : userCreateSchema).safeParse(payload);
    const found: Errors = parsed.success ? {} : firstErrors(parsed.error);
    if (isSystemAdmin && payload.companyId === null && needsCompany(values.role)) {
      found.companyId = "Выберите компанию";
    }
    if (Object.keys(found).length) {
      const missing = !values.firstName.trim() || !values.lastName.trim() || !values.email.trim() ||
        "companyId" in found;
      setErrors(missing ? { ...found, _: REQUIRED_FIELDS_MESSAGE } : found);
      return;
    }
    setBusy(true);
    try {
      // The payload passed the same schema just above.
      if (editing) {
        const json = payload as JsonOf<typeof client.users[":id"]["$patch"]>;
        await call(client.users[":id"].$patch({ param: { id: String(editing.id) }, json }));
        toast({ title: "Пользователь сохранен", variant: "success" });
      } else {
        await call(client.users.$post({ json: payload as JsonOf<typeof client.users.$post> }));
        toast({ title: "Пользователь создан", variant: "success" });
      }
      onSaved();
    } catch (error) {
      setErrors(serverErrors(error));
      toastError(
        `${editing ? "Не удалось сохранить пользователя" : "Не удалось создать пользователя"}: ${
          errorMessage(error)
        }`,
      );
    } finally {
      setBusy(false);
    }
  }

  const bind = fieldBinder({ id, values, errors, onChange: setValues });
  const text = textFields(bind);

  return (
    <DialogContent
      onSubmit={submit}
      footer={
        <SubmitFooter onCancel={onClose} busy={busy} label={editing ? "Сохранить" : "Создать пользователя"} />
      }
    >
      <div className="stack">
        {errors._ && <p className="form-error" role="alert">{errors._}</p>}
        <div className="grid-2">
          {text("firstName", "Имя", { required: true, autoComplete: "off" })}
          {text("lastName", "Фамилия", { required: true, autoComplete: "off" })}
        </div>
        {text("email", "Email", { required: true, type: "email", autoComplete: "off" })}
        {text("password", editing ? "Новый пароль" : "Пароль", {
          required: !editing,
          hint: editing ? "Оставьте пустым, чтобы не менять" : undefined,
          type: "password",
          autoComplete: "new-password",
        })}
        <div className="grid-2">
          <SelectField
            {...bind("role")}
            label="Роль"
            required
            disabled={editing?.id === currentUserId}
            options={roleChoices.map((r) => [r, roleLabels[r]])}
          />
          <SelectField
            {...bind("companyId")}
            label="Компания"
            required={needsCompany(values.role)}
            disabled={!isSystemAdmin}
            options={[
              ...(isSystemAdmin ? [["", "Без компании"] as const] : []),
              ...companyOptions(companies),
            ]}
          />
        </div>
        {editing?.id !== currentUserId && (
          <label className="check">
            <input
              type="checkbox"
              checked={values.isActive}
              onChange={(e) => setValues({ ...values, isActive: e.target.checked })}
            />
            Активен (может входить в систему)
          </label>
        )}
      </div>
    </DialogContent>
  );
}
