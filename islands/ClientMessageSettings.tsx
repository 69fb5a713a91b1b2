import { type FormEvent, useId, useState } from "react";
import { bindTextFields, SaveButton, SelectField } from "../components/Field.tsx";
import { call, client } from "../components/api.ts";
import { errorMessage, useFormSend } from "../components/form.ts";
import { toastError } from "../components/toast.ts";
import {
  type MessageSettingsJson,
  type SmtpTlsMode,
  smtpTlsModeLabels,
  smtpTlsModes,
} from "../domain/client_messages.ts";
import { BusyButton } from "../components/BusyButton.tsx";

type Webhook = MessageSettingsJson["webhooks"][number];

const mandatoryWhy = "Всегда: без письма клиент не узнает, что документ ждёт его подписи";

/** /settings?tab=messages «Уведомления клиентам» (company_admin): events, the company's SMTP server, webhooks. */
export default function ClientMessageSettings({ settings: initial }: { settings: MessageSettingsJson }) {
  const [settings, setSettings] = useState(initial);
  return (
    <div className="stack-lg">
      <EventsCard settings={settings} onSaved={setSettings} />
      <MailServerCard settings={settings} onSaved={setSettings} />
      <WebhooksCard settings={settings} onChanged={setSettings} />
    </div>
  );
}

const messages = client["client-messages"];
const reload = () => call(messages.settings.$get());

function EventsCard({ settings, onSaved }: {
  settings: MessageSettingsJson;
  onSaved: (s: MessageSettingsJson) => void;
}) {
  const [email, setEmail] = useState(() =>
    Object.fromEntries(settings.events.map((e) => [e.event, e.enabled]))
  );
  const [hooks, setHooks] = useState(() =>
    Object.fromEntries(settings.webhooks.map((w) => [w.id, w.events]))
  );
  const { errors, busy, send } = useFormSend();

  async function submit(e: FormEvent) {
    e.preventDefault();
    await send(async () => {
      const switchable = settings.events.filter((ev) => !ev.mandatory);
      await call(messages.settings.$put({
        json: { events: Object.fromEntries(switchable.map((ev) => [ev.event, email[ev.event]])) },
      }));
      for (const w of settings.webhooks) {
        const chosen = hooks[w.id] ?? w.events;
        if (chosen.join() === w.events.join()) continue;
        await call(
          messages.webhooks[":id"].$patch({ param: { id: String(w.id) }, json: { events: chosen } }),
        );
      }
      onSaved(await reload());
    }, { done: { title: "Уведомления сохранены" }, failed: "Не удалось сохранить уведомления" });
  }

  const toggleHook = (w: Webhook, event: string, on: boolean) => {
    const now = hooks[w.id] ?? w.events;
    setHooks({
      ...hooks,
      [w.id]: on ? [...now, event] as Webhook["events"] : now.filter((x) => x !== event),
    });
  };

  return (
    <form className="card stack" onSubmit={submit} noValidate>
      <header className="card-head">
        <h2 className="card-title">Уведомления клиентам</h2>
      </header>
      <p className="muted">
        Какие события отправляют клиенту письмо со ссылкой на страницу объекта и какие передаются на ваши
        адреса (вебхуки).
      </p>
      <ul className="message-events">
        {settings.events.map((ev) => (
          <li key={ev.event} className="message-event">
            <div className="message-event-name">
              <strong>{ev.label}</strong>
              {ev.mandatory && <span className="field-hint">{mandatoryWhy}</span>}
              {errors[`events.${ev.event}`] && (
                <span className="field-error" role="alert">{errors[`events.${ev.event}`]}</span>
              )}
            </div>
            <div className="message-event-switches">
              <label className="check">
                <input
                  type="checkbox"
                  role="switch"
                  checked={email[ev.event]}
                  disabled={ev.mandatory}
                  onChange={(e) => setEmail({ ...email, [ev.event]: e.target.checked })}
                />
                E-mail
              </label>
              {settings.webhooks.map((w) => (
                <label key={w.id} className="check" title={w.url}>
                  <input
                    type="checkbox"
                    checked={(hooks[w.id] ?? w.events).includes(ev.event)}
                    onChange={(e) => toggleHook(w, ev.event, e.target.checked)}
                  />
                  {hostOf(w.url)}
                </label>
              ))}
            </div>
          </li>
        ))}
      </ul>
      <div className="action-bar">
        <SaveButton busy={busy} label="Сохранить уведомления" />
      </div>
    </form>
  );
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

function MailServerCard({ settings, onSaved }: {
  settings: MessageSettingsJson;
  onSaved: (s: MessageSettingsJson) => void;
}) {
  const server = settings.mailServer;
  const [values, setValues] = useState({
    host: server?.host ?? "",
    port: String(server?.port ?? 465),
    tls: (server?.tls ?? "tls") as SmtpTlsMode,
    username: server?.username ?? "",
    password: "",
    fromAddress: server?.fromAddress ?? "",
  });
  const [replacing, setReplacing] = useState(!server?.passwordSaved);
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);
  const [testing, setTesting] = useState(false);
  const { errors, busy, send } = useFormSend();
  const id = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    await send(async () => {
      const saved = await call(messages["mail-server"].$put({
        json: {
          host: values.host.trim(),
          port: Number(values.port),
          tls: values.tls,
          username: values.username,
          fromAddress: values.fromAddress,
          ...(replacing && values.password ? { password: values.password } : {}),
        },
      }));
      onSaved(saved);
      setValues({ ...values, password: "" });
      setReplacing(!saved.mailServer?.passwordSaved);
    }, { done: { title: "Почтовый сервер сохранён" }, failed: "Не удалось сохранить почтовый сервер" });
  }

  async function check() {
    setTesting(true);
    setAnswer(null);
    try {
      setAnswer(
        await call(messages["mail-server"].test.$post()),
      );
    } catch (error) {
      toastError(`Не удалось проверить: ${errorMessage(error)}`);
    } finally {
      setTesting(false);
    }
  }

  async function remove() {
    await send(async () => {
      onSaved(await call(messages["mail-server"].$delete()));
      setValues({ host: "", port: "465", tls: "tls", username: "", password: "", fromAddress: "" });
      setReplacing(true);
      setAnswer(null);
    }, { done: { title: "Письма пойдут через сервер ПолеСмета" }, failed: "Не удалось удалить сервер" });
  }

  const text = bindTextFields({ id, values, errors, onChange: setValues });
  return (
    <form className="card stack" onSubmit={submit} noValidate>
      <header className="card-head">
        <h2 className="card-title">Почтовый сервер компании</h2>
      </header>
      <p className="muted">
        {server
          ? "Письма клиентам уходят через этот сервер."
          : settings.defaultServerConfigured
          ? "Сейчас письма уходят через сервер ПолеСмета. Укажите свой, чтобы письма шли с вашего адреса."
          : "Почта сервера ПолеСмета не настроена: укажите свой сервер, иначе письма ждут в очереди."}
      </p>
      {!settings.secretKeyConfigured && (
        <p className="notice notice-warning">
          Ключ шифрования MAIL_SECRET_KEY не задан: пароль не сохранится. Обратитесь к администратору сервера.
        </p>
      )}
      <div className="grid-2">
        {text("host", "Адрес сервера", {
          required: true,
          placeholder: "smtp.yandex.ru",
          autoComplete: "off",
        })}
        {text("port", "Порт", { required: true, inputMode: "numeric" })}
      </div>
      <SelectField
        id={`${id}-tls`}
        label="Шифрование"
        value={values.tls}
        error={errors.tls}
        onValue={(v) => setValues({ ...values, tls: v as SmtpTlsMode })}
        options={smtpTlsModes.map((m) => [m, smtpTlsModeLabels[m]] as const)}
      />
      <div className="grid-2">
        {text("username", "Логин", { autoComplete: "off", hint: "Обычно полный адрес ящика" })}
        {replacing
          ? text("password", "Пароль", {
            type: "password",
            autoComplete: "new-password",
            hint: "Для Яндекса и Mail.ru — пароль приложения",
          })
          : (
            <div className="field">
              <span className="field-label">Пароль</span>
              <div className="row">
                <span className="badge badge-success">пароль сохранён</span>
                <button type="button" className="btn btn-secondary btn-sm" onClick={() => setReplacing(true)}>
                  Заменить пароль
                </button>
              </div>
            </div>
          )}
      </div>
      {text("fromAddress", "Адрес отправителя", {
        required: true,
        type: "email",
        placeholder: "noreply@septik-istra.ru",
        hint: "Ящик, с которого сервер разрешает отправлять",
      })}
      {answer && (
        <p className={answer.ok ? "notice notice-success" : "notice notice-danger"} role="status">
          {answer.message}
        </p>
      )}
      <div className="action-bar">
        <SaveButton busy={busy} label="Сохранить сервер" />
        {server && (
          <BusyButton className="btn btn-secondary" onClick={check} busy={testing} busyLabel="Проверяем…">
            Проверить
          </BusyButton>
        )}
        {server && (
          <button type="button" className="btn btn-ghost" onClick={remove} disabled={busy}>
            Использовать сервер ПолеСмета
          </button>
        )}
      </div>
    </form>
  );
}

function WebhooksCard({ settings, onChanged }: {
  settings: MessageSettingsJson;
  onChanged: (s: MessageSettingsJson) => void;
}) {
  const [values, setValues] = useState({ url: "" });
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const { errors, busy, send } = useFormSend();
  const id = useId();

  async function add(e: FormEvent) {
    e.preventDefault();
    await send(async () => {
      const made = await call(messages.webhooks.$post({
        // Every event at first; the list above picks them per address.
        json: { url: values.url.trim(), events: settings.events.map((ev) => ev.event) },
      }));
      setSecret({ url: values.url.trim(), secret: made.secret });
      setValues({ url: "" });
      onChanged(await reload());
    }, { done: { title: "Адрес добавлен" }, failed: "Не удалось добавить адрес" });
  }

  async function rotate(w: Webhook) {
    await send(async () => {
      const made = await call(messages.webhooks[":id"].rotate.$post({ param: { id: String(w.id) } }));
      setSecret({ url: w.url, secret: made.secret });
    }, { done: { title: "Секрет заменён" }, failed: "Не удалось заменить секрет" });
  }

  async function remove(w: Webhook) {
    if (!confirm(`Удалить адрес ${w.url}? Неотправленные события на него не уйдут.`)) return;
    await send(async () => {
      await call(messages.webhooks[":id"].$delete({ param: { id: String(w.id) } }));
      onChanged(await reload());
    }, { done: { title: "Адрес удалён" }, failed: "Не удалось удалить адрес" });
  }

  const text = bindTextFields({ id, values, errors, onChange: setValues });
  return (
    <form className="card stack" onSubmit={add} noValidate>
      <header className="card-head">
        <h2 className="card-title">Вебхуки</h2>
      </header>
      <p className="muted">
        Каждое выбранное событие отправляется POST-запросом с JSON на ваш адрес (CRM, свой Telegram-бот) и
        подписывается секретом: заголовок X-Polesmeta-Signature.
      </p>
      {secret && (
        <div className="notice notice-info stack-sm" role="status">
          <p>Секрет для {secret.url}. Скопируйте его сейчас: он больше не будет показан.</p>
          <code className="secret-value">{secret.secret}</code>
        </div>
      )}
      {settings.webhooks.length > 0 && (
        <ul className="webhook-list">
          {settings.webhooks.map((w) => (
            <li key={w.id} className="row-between webhook-item">
              <span className="webhook-url">{w.url}</span>
              <span className="row">
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  onClick={() => rotate(w)}
                  disabled={busy}
                >
                  Новый секрет
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() => remove(w)}
                  disabled={busy}
                >
                  Удалить
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {text("url", "Адрес для событий", {
        type: "url",
        placeholder: "https://crm.example.ru/hooks/polesmeta",
      })}
      {errors._ && <p className="field-error" role="alert">{errors._}</p>}
      <div className="action-bar">
        <SaveButton busy={busy} label="Добавить адрес" />
      </div>
    </form>
  );
}
