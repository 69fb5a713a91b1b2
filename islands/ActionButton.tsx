import { useState } from "react";
import { ApiRequestError, sendJson } from "../components/api.ts";
import { toastAfterNavigation, toastError } from "../components/toast.ts";
import { BusyButton } from "../components/BusyButton.tsx";

export interface ActionButtonProps {
  label: string;
  url: string;
  method?: "POST" | "PATCH" | "PUT" | "DELETE";
  body?: Record<string, unknown>;
  /** The spec's success toast, shown on the reloaded page. */
  success: { title: string; description?: string };
  /** The spec's failure text. */
  failure: string;
  className?: string;
}

/** One button that calls the API, then reloads the page with the success toast (or shows the failure). */
export default function ActionButton(
  { label, url, method = "POST", body, success, failure, className }: ActionButtonProps,
) {
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      await sendJson(url, body ?? {}, method);
      toastAfterNavigation({ ...success, variant: "success" });
      location.reload();
    } catch (error) {
      const detail = error instanceof ApiRequestError && error.status === 409 ? error.message : undefined;
      toastError(detail ? `${failure}: ${detail}` : failure);
      setBusy(false);
    }
  }
  return (
    <BusyButton className={className ?? "btn btn-primary"} onClick={run} busy={busy} spinner>
      {label}
    </BusyButton>
  );
}
