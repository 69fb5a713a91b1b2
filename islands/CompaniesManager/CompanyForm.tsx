// The companies dialog's form, loaded when the dialog opens (islands/CompaniesManager.tsx).
import { type FormEvent, useState } from "react";
import { call, client, type JsonOf } from "../../components/api.ts";
import { DialogContent, SubmitFooter } from "../../components/Dialog.tsx";
import {
  CompanyFields,
  type CompanyValues,
  companyValues,
  logoProblem,
  uploadLogo,
} from "../../components/CompanyFields.tsx";
import type { CompanyJson } from "../../domain/admin.ts";
import { errorMessage, type Errors, serverErrors } from "../../components/form.ts";
import { toast, toastError } from "../../components/toast.ts";
import { checkCompany } from "../../components/company_check.ts";

export interface CompanyFormProps {
  /** The company being edited, or null for a new one. */
  company: CompanyJson | null;
  onClose: () => void;
  /** After a save: `done` when the dialog may close, false when the company is saved but the logo is not. */
  onSaved: (company: CompanyJson, done: boolean) => void;
}

export default function CompanyForm({ company, onClose, onSaved }: CompanyFormProps) {
  const [values, setValues] = useState<CompanyValues>(() => companyValues(company));
  const [errors, setErrors] = useState<Errors>({});
  const [logoFile, setLogoFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = checkCompany(values, true);
    const logoError = logoProblem(logoFile);
    if (checked.errors || logoError) {
      setErrors({ ...checked.errors, ...(logoError ? { logo: logoError } : {}) });
      return;
    }
    setBusy(true);
    let saved: CompanyJson;
    try {
      saved = company
        ? await call(
          client.companies[":id"].$patch({
            param: { id: String(company.id) },
            json: checked.payload as JsonOf<typeof client.companies[":id"]["$patch"]>,
          }),
        )
        : await call(
          client.companies.$post({ json: checked.payload as JsonOf<typeof client.companies.$post> }),
        );
    } catch (error) {
      setErrors(serverErrors(error));
      toastError(
        `${company ? "Не удалось сохранить компанию" : "Не удалось создать компанию"}: ${
          errorMessage(error)
        }`,
      );
      setBusy(false);
      return;
    }
    try {
      if (logoFile) await uploadLogo(saved.id, logoFile);
      toast({ title: company ? "Компания сохранена" : "Компания создана", variant: "success" });
      onSaved(saved, true);
    } catch (error) {
      // The company is saved; the logo can be tried again from the edit dialog.
      setErrors({ logo: errorMessage(error) });
      toastError(`Не удалось загрузить логотип: ${errorMessage(error)}`);
      onSaved(saved, false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <DialogContent
      onSubmit={submit}
      footer={
        <SubmitFooter onCancel={onClose} busy={busy} label={company ? "Сохранить" : "Создать компанию"} />
      }
    >
      <CompanyFields
        values={values}
        errors={errors}
        onChange={setValues}
        adminFields
        logo={{ url: company?.logoUrl ?? null, file: logoFile, error: errors.logo, onFile: setLogoFile }}
      />
    </DialogContent>
  );
}
