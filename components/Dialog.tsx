// The one modal dialog of the islands: a native <dialog> with a heading and a close button.
import { type ReactNode, type RefObject, Suspense, useEffect, useRef } from "react";
import { Icon } from "./Icon.tsx";
import { SaveButton } from "./Field.tsx";
import { ToastRegion } from "./ToastRegion.tsx";

interface DialogHeadProps {
  title: ReactNode;
  /** The heading's id, for a dialog named by `aria-labelledby`. */
  titleId?: string;
  onClose: () => void;
  /** The close button's name, when "Закрыть" alone would be ambiguous. */
  closeLabel?: string;
  className?: string;
  /** Shown under the heading (a progress badge). */
  subtitle?: ReactNode;
  /** Shown between the heading and the close button (a status badge, a save button). */
  children?: ReactNode;
}

/** A dialog's heading and its close button. */
export function DialogHead(
  { title, titleId, onClose, closeLabel = "Закрыть", className, subtitle, children }: DialogHeadProps,
) {
  const heading = <h2 id={titleId}>{title}</h2>;
  return (
    <header className={className ? `dialog-head ${className}` : "dialog-head"}>
      {subtitle
        ? (
          <div className="dialog-title">
            {heading}
            {subtitle}
          </div>
        )
        : heading}
      {children}
      <button type="button" className="icon-btn" aria-label={closeLabel} onClick={onClose}>
        <Icon name="close" />
      </button>
    </header>
  );
}

export interface DialogProps {
  /**
   * Shown and closed with the island's state; Escape then asks `onClose` instead of closing by itself, and
   * the children render only while open, with `DialogLoading` while a lazily loaded body downloads.
   * Without it the island opens the dialog through `dialogRef` and `onClose` hears the native close.
   */
  open?: boolean;
  /** The heading; without it the children bring their own `DialogHead` (a lazily loaded form does). */
  title?: ReactNode;
  /** The id of the heading that names the dialog; without it the title (a string) names it. */
  titleId?: string;
  /** The dialog's name when no heading names it. */
  label?: string;
  onClose?: () => void;
  dialogRef?: RefObject<HTMLDialogElement | null>;
  wide?: boolean;
  className?: string;
  /** The body and the footer: a DialogContent, or a lazy body that renders one. */
  children: ReactNode;
}

export function Dialog(props: DialogProps) {
  const { open, title, titleId, label, onClose, wide, className, children } = props;
  const own = useRef<HTMLDialogElement>(null);
  const ref = props.dialogRef ?? own;
  const controlled = open !== undefined;
  useEffect(() => {
    const d = ref.current;
    if (!d || !controlled) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  const close = controlled ? () => onClose?.() : () => ref.current?.close();
  return (
    <dialog
      ref={ref}
      className={["dialog", wide && "dialog-wide", className].filter(Boolean).join(" ")}
      aria-labelledby={titleId}
      aria-label={label ?? (titleId === undefined && typeof title === "string" ? title : undefined)}
      onCancel={controlled
        ? (e) => {
          e.preventDefault();
          onClose?.();
        }
        : undefined}
      onClose={controlled ? undefined : onClose}
    >
      {title !== undefined && <DialogHead title={title} titleId={titleId} onClose={close} />}
      {controlled ? open && <Suspense fallback={<DialogLoading />}>{children}</Suspense> : children}
      <ToastRegion />
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

/** The footer of a form dialog: 'Отмена' and the submit button, which says 'Сохранение…' while busy. */
export function SubmitFooter(
  { onCancel, busy, label }: { onCancel: () => void; busy: boolean; label: string },
) {
  return (
    <>
      <button type="button" className="btn btn-secondary" onClick={onCancel}>Отмена</button>
      <SaveButton busy={busy} label={label} />
    </>
  );
}

/**
 * What a dialog shows while its body loads: a skeleton, and the heading (it names the dialog) with the close
 * button when the body brings its own heading.
 */
export function DialogLoading({ head, status }: {
  head?: DialogHeadProps;
  /** Announced while loading, e.g. 'Загрузка объекта…'. */
  status?: string;
}) {
  return (
    <>
      {head && <DialogHead {...head} />}
      <div className="dialog-body stack" aria-busy="true">
        {status && <p className="muted" role="status">{status}</p>}
        <div className="skeleton dialog-skeleton" aria-label="Загрузка" />
      </div>
    </>
  );
}

/** What a dialog shows when its body could not be downloaded. */
export function DialogLoadFailed() {
  return (
    <div className="dialog-body">
      <p className="form-error" role="alert">Не удалось загрузить форму. Обновите страницу.</p>
    </div>
  );
}
