import { type FormEvent, useId, useState } from "react";
import { lazyModule } from "../components/lazy.ts";
import { bindTextFields, Field, SaveButton } from "../components/Field.tsx";
import { call, client, withUpload } from "../components/api.ts";
import { errorMessage, firstErrors, useFormSend } from "../components/form.ts";
import { toast, toastError } from "../components/toast.ts";
import { Avatar } from "../components/Avatar.tsx";

export interface ProfileSettingsProps {
  firstName: string;
  lastName: string;
  email: string;
  profileImageUrl: string | null;
}

const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const imageTypes = ["image/png", "image/jpeg", "image/gif", "image/webp"];

// The checks (zod) load on the first focus or submit, not with the page; null if they cannot (the server checks).
const schemas = lazyModule(() => import("../domain/admin.ts"));

/** /settings, personal: the name and the avatar (an image checked again by content on the server, ≤ 5 MB). */
export default function ProfileSettings(props: ProfileSettingsProps) {
  const [values, setValues] = useState({ firstName: props.firstName, lastName: props.lastName });
  const { errors, setErrors, busy, send } = useFormSend();
  const [avatar, setAvatar] = useState(props.profileImageUrl);
  const [uploading, setUploading] = useState(false);
  const id = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = (await schemas())?.profileSchema.safeParse(values);
    if (parsed && !parsed.success) return setErrors(firstErrors(parsed.error));
    await send(() => call(client.profile.$patch({ json: parsed?.data ?? values })), {
      done: { title: "Профиль сохранен" },
      failed: "Не удалось сохранить профиль",
    });
  }

  async function upload(file: File | null) {
    if (!file) return;
    if (!imageTypes.includes(file.type)) {
      return setErrors({ avatar: "Выберите изображение: PNG, JPEG, GIF или WebP" });
    }
    if (file.size > AVATAR_MAX_BYTES) return setErrors({ avatar: "Фото не больше 5 MB" });
    setUploading(true);
    try {
      const form = new FormData();
      form.append("file", file);
      const { profileImageUrl } = await call(client.profile.avatar.$post({}, withUpload(form)));
      setAvatar(profileImageUrl);
      setErrors({});
      toast({ title: "Фото обновлено", variant: "success" });
    } catch (error) {
      setErrors({ avatar: errorMessage(error) });
      toastError(`Не удалось загрузить фото: ${errorMessage(error)}`);
    } finally {
      setUploading(false);
    }
  }

  async function removeAvatar() {
    setUploading(true);
    try {
      await call(client.profile.avatar.$delete());
      setAvatar(null);
      toast({ title: "Фото удалено", variant: "success" });
    } catch (error) {
      toastError(`Не удалось удалить фото: ${errorMessage(error)}`);
    } finally {
      setUploading(false);
    }
  }

  const input = bindTextFields({ id, values, errors, onChange: setValues });

  return (
    <section className="card">
      <header className="card-head">
        <h2 className="card-title">Личные данные</h2>
      </header>
      <div className="stack">
        <div className="avatar-edit">
          <Avatar
            url={avatar}
            firstName={values.firstName}
            lastName={values.lastName}
            large
            alt="Ваше фото"
          />
          <div className="stack-sm">
            <label className={uploading ? "btn btn-secondary btn-sm disabled" : "btn btn-secondary btn-sm"}>
              {uploading ? "Загрузка…" : avatar ? "Сменить фото" : "Загрузить фото"}
              <input
                type="file"
                className="visually-hidden"
                accept="image/png,image/jpeg,image/gif,image/webp"
                disabled={uploading}
                onChange={(e) => upload(e.target.files?.[0] ?? null)}
              />
            </label>
            {avatar && (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={uploading}
                onClick={removeAvatar}
              >
                Удалить фото
              </button>
            )}
          </div>
        </div>
        {errors.avatar && <p className="field-error" role="alert">{errors.avatar}</p>}
        <p className="muted small">PNG, JPEG, GIF или WebP, не больше 5 MB</p>
        <form onSubmit={submit} onFocus={schemas} noValidate className="stack">
          <div className="grid-2">
            {input("firstName", "Имя", { required: true, autoComplete: "given-name" })}
            {input("lastName", "Фамилия", { required: true, autoComplete: "family-name" })}
          </div>
          <Field id={`${id}-email`} label="Email" hint="Email меняет администратор">
            <input id={`${id}-email`} value={props.email} readOnly />
          </Field>
          <div className="form-actions">
            <SaveButton busy={busy} label="Сохранить" />
          </div>
        </form>
      </div>
    </section>
  );
}
