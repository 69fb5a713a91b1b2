import type { ReactNode } from "react";

/**
 * A button disabled while its action runs, which says so (aria-busy): `busyLabel` stands for its label
 * meanwhile, or `spinner` turns beside it; `disabled` keeps it off for other reasons too (it is off while busy
 * whatever `disabled` says).
 */
export function BusyButton(
  { busy, busyLabel, spinner, disabled, className, type = "button", form, onClick, children }: {
    busy: boolean;
    busyLabel?: string;
    spinner?: boolean;
    disabled?: boolean;
    className: string;
    type?: "button" | "submit";
    /** The form it submits, when it stands outside it (a dialog's footer). */
    form?: string;
    onClick?: () => void;
    children: ReactNode;
  },
) {
  return (
    <button
      type={type}
      form={form}
      className={className}
      onClick={onClick}
      disabled={busy || disabled}
      aria-busy={busy}
    >
      {busy && spinner && <span className="spinner" aria-hidden="true" />}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
