// A native <dialog> driven by React state, shared by the administration islands (not an island itself).
import { type ReactNode, useEffect, useRef } from "react";
import { Icon } from "../routes/_ui/Icon.tsx";

export interface AdminDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** The buttons of the footer. */
  footer: ReactNode;
  wide?: boolean;
  /** Wraps body and footer in a form so Enter submits. */
  onSubmit?: (e: React.FormEvent) => void;
}

export function AdminDialog({ open, title, onClose, children, footer, wide, onSubmit }: AdminDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  const inner = (
    <>
      <div className="dialog-body">{children}</div>
      <div className="dialog-foot">{footer}</div>
    </>
  );
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
      {onSubmit ? <form onSubmit={onSubmit} noValidate className="dialog-form">{inner}</form> : inner}
    </dialog>
  );
}

/** Sets or removes one query parameter without a navigation (dialogs that show a record have a URL). */
export function setQueryParam(name: string, value: string | null): void {
  const url = new URL(location.href);
  if (value === null) url.searchParams.delete(name);
  else url.searchParams.set(name, value);
  history.replaceState(history.state, "", url.pathname + url.search + url.hash);
}
