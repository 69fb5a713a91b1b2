import { useState } from "react";
import { countOf, formatDateTime } from "../domain/format.ts";
import { Icon } from "../components/Icon.tsx";
import { type Answer, call, client, withUpload } from "../components/api.ts";
import { errorMessage } from "../components/form.ts";
import { toast, toastError } from "../components/toast.ts";
import type { PriceListSummary } from "../domain/admin.ts";

type UploadReport = Answer<typeof client.settings["price-list"]["$post"]>;

const MAX_BYTES = 5 * 1024 * 1024;
const positions = ["позиция", "позиции", "позиций"] as const;

/** /settings, price list (company_admin): upload .xlsx/.csv/.json through the engine, download .xlsx/.csv. */
export default function PriceListSettings({ summary: initial }: { summary: PriceListSummary }) {
  const [summary, setSummary] = useState(initial);
  const [report, setReport] = useState<UploadReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function upload(file: File | null) {
    if (!file) return;
    if (!/\.(xlsx|csv|json)$/i.test(file.name)) return setError("Выберите файл .xlsx, .csv или .json");
    if (file.size > MAX_BYTES) return setError("Файл не больше 5 MB");
    setBusy(true);
    setError(null);
    try {
      const form = new FormData();
      form.append("file", file);
      const r = await call(client.settings["price-list"].$post({}, withUpload(form)));
      setSummary(r.summary);
      setReport(r);
      toast({
        title: "Прайс-лист загружен",
        description: `Добавлено ${r.added}, обновлено ${r.updated}, без изменений ${r.unchanged}` +
          (r.rejectedCount ? `, пропущено строк: ${r.rejectedCount}` : ""),
        variant: "success",
      });
    } catch (e) {
      setError(errorMessage(e));
      toastError(`Не удалось загрузить прайс-лист: ${errorMessage(e)}`);
    } finally {
      setBusy(false);
    }
  }

  async function reset() {
    setBusy(true);
    try {
      setSummary(await call(client.settings["price-list"].$delete()));
      setReport(null);
      toast({ title: "Восстановлен базовый прайс-лист", variant: "success" });
    } catch (e) {
      toastError(`Не удалось восстановить прайс-лист: ${errorMessage(e)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card stack">
      <header className="card-head">
        <h2 className="card-title">Прайс-лист компании</h2>
      </header>
      <dl className="details">
        <dt>Действует</dt>
        <dd>
          <strong>{summary.name}</strong>
          {summary.source === "default" && <span className="badge badge-neutral price-badge">базовый</span>}
        </dd>
        <dt>Позиций</dt>
        <dd className="num">{countOf(summary.itemCount, positions)}</dd>
        {summary.createdAt && (
          <>
            <dt>Загружен</dt>
            <dd>{formatDateTime(summary.createdAt)}</dd>
          </>
        )}
      </dl>
      <p className="muted small">
        Сметы считаются по этому прайс-листу. Загрузите файл .xlsx, .csv или .json со столбцами Артикул,
        Наименование, Ед. изм., Раздел, Материалы, Работы (цены в рублях): позиции с теми же артикулами
        обновятся, новые добавятся, остальные останутся.
      </p>
      <div className="row price-actions">
        <a className="btn btn-secondary" href="/api/settings/price-list/download" download>
          <Icon name="download" /> Скачать .xlsx
        </a>
        <a className="btn btn-ghost" href="/api/settings/price-list/download?format=csv" download>
          <Icon name="download" /> Скачать .csv
        </a>
        <label className={busy ? "btn btn-primary disabled" : "btn btn-primary"}>
          <Icon name="upload" /> {busy ? "Загрузка…" : "Загрузить прайс-лист"}
          <input
            type="file"
            className="visually-hidden"
            aria-label="Файл прайс-листа"
            accept=".xlsx,.csv,.json"
            disabled={busy}
            onChange={(e) => {
              upload(e.target.files?.[0] ?? null);
              e.target.value = "";
            }}
          />
        </label>
        {summary.source === "company" && (
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={reset}>
            Вернуть базовый
          </button>
        )}
      </div>
      {error && <p className="form-error" role="alert">{error}</p>}
      {report && report.rejectedCount > 0 && (
        <div className="notice notice-warning">
          <Icon name="alert" />
          <div>
            <strong>Пропущено строк: {report.rejectedCount}</strong>
            <ul className="rejected-rows">
              {report.rejected.map((r) => (
                <li key={r.row}>Строка {r.row}{r.code ? ` (${r.code})` : ""}: {r.reason}</li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </section>
  );
}
