// Helpers for dialogs whose body is a lazily loaded chunk (the page loads only the island's small entry).
import { Icon } from "../routes/_ui/Icon.tsx";

type Load = () => Promise<unknown>;

/** Props for a trigger button that start loading the dialog body as soon as the person reaches for it. */
export function loadOnIntent(load: Load) {
  return { onPointerEnter: load, onFocus: load, onTouchStart: load };
}

/**
 * Starts loading once the pointer, a finger or focus reaches any element of the page matching the selector
 * (server-rendered buttons that open the dialog); returns the cleanup.
 */
export function loadOnIntentOf(selector: string, load: Load): () => void {
  const events = ["pointerover", "touchstart", "focusin"] as const;
  const stop = () => events.forEach((name) => document.removeEventListener(name, onIntent));
  function onIntent(e: Event) {
    if (!(e.target as Element | null)?.closest?.(selector)) return;
    stop();
    load();
  }
  events.forEach((name) => document.addEventListener(name, onIntent, { passive: true }));
  return stop;
}

/** What a dialog shows while its body loads: the same heading (it names the dialog), a close button, a skeleton. */
export function DialogLoading({ titleId, title, onClose, status }: {
  titleId: string;
  title: string;
  onClose: () => void;
  /** Announced while loading, e.g. 'Загрузка объекта…'. */
  status?: string;
}) {
  return (
    <>
      <header className="dialog-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-btn" aria-label="Закрыть" onClick={onClose}>
          <Icon name="close" />
        </button>
      </header>
      <div className="dialog-body stack" aria-busy="true">
        {status && <p className="muted" role="status">{status}</p>}
        <div className="skeleton" style={{ height: 240 }} aria-label="Загрузка" />
      </div>
    </>
  );
}
