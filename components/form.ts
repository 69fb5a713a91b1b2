// Small helpers for island forms: zod issues to field errors, server errors merged in.
import type { z } from "zod/mini";
import { useState } from "react";
import { ApiRequestError } from "./api.ts";
import { toast, toastError, type ToastOptions } from "./toast.ts";

export type Errors = Record<string, string>;

/** The first message per field of a failed parse. */
export function firstErrors(error: { issues: readonly z.core.$ZodIssue[] }): Errors {
  const out: Errors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "_");
    out[key] ??= issue.message;
  }
  return out;
}

/** Field errors from a 422 answer, or none. */
export function serverErrors(error: unknown): Errors {
  if (!(error instanceof ApiRequestError)) return {};
  return Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]]));
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A form's errors, its busy state and `send`: runs the request while busy; on success clears the errors and
 * toasts `done`, on a refusal shows the server's field errors and toasts `failed` (with the server's reason
 * unless `reason` is false). Resolves whether it went through.
 */
export function useFormSend() {
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  async function send(
    request: () => Promise<unknown>,
    messages: { done: ToastOptions; failed: string; reason?: boolean },
  ): Promise<boolean> {
    setBusy(true);
    try {
      await request();
      setErrors({});
      toast({ ...messages.done, variant: "success" });
      return true;
    } catch (error) {
      setErrors(serverErrors(error));
      toastError(messages.reason === false ? messages.failed : `${messages.failed}: ${errorMessage(error)}`);
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { errors, setErrors, busy, send };
}
