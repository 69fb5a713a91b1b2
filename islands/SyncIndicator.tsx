// The surveyor's sync indicator, in the page header: online or not, and what waits on the phone to
// be sent (status changes, measurements, photos, estimates), with the upload's progress. It keeps the queue
// going and fills the service worker's cache for work with no signal.
import { useEffect, useState } from "react";
import {
  deleteRefused,
  type RefusedEntry,
  retryRefused,
  startSync,
  type SyncState,
  useSyncState,
  warmFieldWork,
} from "../components/offline/sync.ts";
import { countOf, estimateForms } from "../domain/format.ts";

const kinds = [
  ["status", ["смена статуса", "смены статуса", "смен статуса"]],
  ["measurement", ["замер", "замера", "замеров"]],
  ["photo", ["фото", "фото", "фото"]],
  ["estimate", estimateForms],
  ["visit", ["отчёт о визите", "отчёта о визите", "отчётов о визите"]],
] as const;

/** The lines of what waits, in Russian with plural forms. */
export function waitingLines(state: SyncState): string[] {
  const lines = kinds.filter(([k]) => state.counts[k] > 0).map(([k, forms]) =>
    countOf(state.counts[k], forms)
  );
  if (state.setAside > 0) lines.push(`не принято сервером: ${state.setAside}`);
  return lines;
}

export default function SyncIndicator() {
  const state = useSyncState();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    // The service worker (components/offline/sw.ts) is installed on the phones of those who work in the field.
    navigator.serviceWorker?.register("/sw.js").catch(() => {});
    const stop = startSync();
    const warm = () => void warmFieldWork().then((cached) => cached && setReady(true), () => {});
    warm();
    navigator.serviceWorker?.addEventListener("controllerchange", warm);
    addEventListener("online", warm);
    return () => {
      stop();
      navigator.serviceWorker?.removeEventListener("controllerchange", warm);
      removeEventListener("online", warm);
    };
  }, []);
  const lines = waitingLines(state);
  const waiting = lines.length > 0;
  const tone = !state.online ? "offline" : waiting ? "device" : "sent";
  const label = !state.online ? "Нет связи" : state.sending && waiting ? "Отправка…" : "В сети";
  return (
    <details className="sync-indicator" data-testid="sync-indicator" data-ready={ready ? "1" : undefined}>
      <summary className={`sync sync-${tone}`} aria-live="polite">
        {label}
        {waiting && <span className="sync-count">{lines.length > 0 && ` · ждут: ${totalOf(state)}`}</span>}
      </summary>
      <div className="sync-panel card">
        {waiting
          ? (
            <>
              <p className="label">Ждут отправки</p>
              <ul>
                {lines.map((l) => <li key={l}>{l}</li>)}
              </ul>
              {state.upload && (
                <progress max={1} value={state.upload.share} aria-label="Отправка фото">
                  {Math.round(state.upload.share * 100)}%
                </progress>
              )}
              <p className="muted">
                {state.online ? "Отправляется по порядку." : "Отправится по порядку, когда появится связь."}
              </p>
              {state.refused.length > 0 && <RefusedList entries={state.refused} />}
            </>
          )
          : <p>Всё отправлено.</p>}
        <p className="muted">
          {ready
            ? "Задачи, объекты и форма замера сохранены на устройстве: открываются и без связи."
            : "Задачи сохраняются на устройстве для работы без связи…"}
        </p>
      </div>
    </details>
  );
}

/** What the server refused for good, each with «Повторить» and «Удалить» (asked to confirm). */
function RefusedList({ entries }: { entries: RefusedEntry[] }) {
  const remove = (e: RefusedEntry) => {
    if (!confirm(`Удалить с устройства: ${describe(e)}? Отправить это будет уже нельзя.`)) return;
    void deleteRefused(e.id);
  };
  return (
    <>
      <p className="label">Не принято сервером</p>
      <ul className="sync-refused">
        {entries.map((e) => (
          <li key={e.id} data-testid="sync-refused">
            <span>{describe(e)}</span>
            {e.error && <span className="muted">{e.error}</span>}
            <span className="actions">
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => void retryRefused(e.id)}
              >
                Повторить
              </button>
              <button type="button" className="btn btn-sm btn-danger" onClick={() => remove(e)}>
                Удалить
              </button>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

function describe(e: RefusedEntry): string {
  const [, forms] = kinds.find(([k]) => k === e.kind)!;
  return `${forms[0][0].toUpperCase()}${forms[0].slice(1)}, задача №${e.taskId}`;
}

function totalOf(state: SyncState): number {
  return Object.values(state.counts).reduce((a, b) => a + b, 0) + state.setAside;
}
