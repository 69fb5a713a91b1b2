// A native <dialog> driven by React state, shared by the administration islands (not an island itself).
import { type ComponentType, lazy, type ReactNode, useEffect, useRef } from "react";
import { Icon } from "../routes/_ui/Icon.tsx";

export interface AdminDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** The body and the footer: a DialogContent, or a lazy body that renders one. */
  children: ReactNode;
  wide?: boolean;
}

/** The dialog's frame: the element, its title and the close button. */
export function AdminDialog({ open, title, onClose, children, wide }: AdminDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={wide ? "dialog dialog-wide" : "dialog"}
      aria-label={title}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className="dialog-head">
        <h2>{title}</h2>
        <button type="button" className="icon-btn" aria-label="Закрыть" onClick={onClose}>
          <Icon name="close" />
        </button>
      </div>
      {children}
    </dialog>
  );
}

interface DialogContentProps {
  children: ReactNode;
  /** The buttons of the footer. */
  footer: ReactNode;
  /** Wraps body and footer in a form so Enter submits. */
  onSubmit?: (e: React.FormEvent) => void;
}

export function DialogContent({ children, footer, onSubmit }: DialogContentProps) {
  const inner = (
    <>
      <div className="dialog-body">{children}</div>
      <div className="dialog-foot">{footer}</div>
    </>
  );
  return onSubmit ? <form onSubmit={onSubmit} noValidate className="dialog-form">{inner}</form> : inner;
}

/** What a dialog shows while its body loads. */
export function DialogLoading() {
  return (
    <div className="dialog-body" role="status" aria-busy="true" aria-label="Загрузка…">
      <div className="skeleton dialog-skeleton" />
    </div>
  );
}

function LoadFailed() {
  return (
    <div className="dialog-body">
      <p className="form-error" role="alert">Не удалось загрузить форму. Обновите страницу.</p>
    </div>
  );
}

/**
 * A dialog body loaded on demand, in its own chunk outside the page's JavaScript: the component to render
 * inside `<Suspense fallback={<DialogLoading />}>` while the dialog is open, and handlers for its triggers
 * that start loading on intent (pointer over, focus, touch).
 */
export function lazyBody<P>(load: () => Promise<{ default: ComponentType<P> }>) {
  const preload = () => {
    load().catch(() => {});
  };
  return {
    Body: lazy(() => load().catch(() => ({ default: LoadFailed as ComponentType<P> }))),
    intent: { onPointerEnter: preload, onFocus: preload, onTouchStart: preload },
  };
}

/** Sets or removes one query parameter without a navigation (dialogs that show a record have a URL). */
export function setQueryParam(name: string, value: string | null): void {
  const url = new URL(location.href);
  if (value === null) url.searchParams.delete(name);
  else url.searchParams.set(name, value);
  history.replaceState(history.state, "", url.pathname + url.search + url.hash);
}
