// Where toasts show (components/toast.ts): the page's, at the end of the body, and one in every dialog, so
// that a toast shows above a modal dialog, and screen readers know the live region before its first toast.
import { PAGE_TOAST_REGION_ID, TOAST_REGION_CLASS } from "./toast.ts";

export function ToastRegion({ page = false }: { page?: boolean }) {
  return (
    <div
      id={page ? PAGE_TOAST_REGION_ID : undefined}
      className={TOAST_REGION_CLASS}
      role="status"
      aria-live="polite"
      tabIndex={-1}
    />
  );
}
