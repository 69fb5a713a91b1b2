import { type FormEvent, useState } from "react";
import { lazyModule } from "../components/lazy.ts";
import { call, client } from "../components/api.ts";
import {
  CompanyFields,
  companyPayload,
  companyValues,
  logoProblem,
  uploadLogo,
} from "../components/CompanyFields.tsx";
import type { CompanyJson } from "../domain/admin.ts";
import { errorMessage, type Errors, serverErrors } from "../components/form.ts";
import { toast, toastError } from "../components/toast.ts";
import { SaveButton } from "../components/Field.tsx";

// The checks (zod) load on the first focus or submit, not with the page; null if they cannot (the server checks).
const checks = lazyModule(() => import("../components/company_check.ts"));

/** /settings, company (company_admin): the company's requisites, contacts and logo. */
export default function CompanySettings({ company }: { company: CompanyJson }) {
  const [values, setValues] = useState(() => companyValues(company));
  const [errors, setErrors] = useState<Errors>({});
  const [logoUrl, setLogoUrl] = useState(company.logoUrl);
  const [logoFile, setLogoFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = (await checks())?.checkCompany(values, false) ??
      { errors: null, payload: companyPayload(values, false) };
    const logoError = logoProblem(logoFile);
    if (checked.errors || logoError) {
      setErrors({ ...checked.errors, ...(logoError ? { logo: logoError } : {}) });
      return;
    }
    setBusy(true);
    try {
      await call(
        client.companies[":id"].$patch({ param: { id: String(company.id) }, json: checked.payload }),
      );
    } catch (error) {
      setErrors(serverErrors(error));
      toastError(`Не удалось сохранить компанию: ${errorMessage(error)}`);
      setBusy(false);
      return;
    }
    try {
      if (logoFile) {
        setLogoUrl(await uploadLogo(company.id, logoFile));
        setLogoFile(null);
      }
      setErrors({});
      toast({ title: "Компания сохранена", variant: "success" });
    } catch (error) {
      setErrors({ logo: errorMessage(error) });
      toastError(`Не удалось загрузить логотип: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card stack" onSubmit={submit} onFocus={checks} noValidate>
      <header className="card-head">
        <h2 className="card-title">Реквизиты компании</h2>
      </header>
      <CompanyFields
        values={values}
        errors={errors}
        onChange={setValues}
        adminFields={false}
        logo={{ url: logoUrl, file: logoFile, error: errors.logo, onFile: setLogoFile }}
      />
      <div className="action-bar">
        <SaveButton busy={busy} label="Сохранить реквизиты" />
      </div>
    </form>
  );
}
