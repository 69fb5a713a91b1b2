// The measurement draft kept on the device (localStorage, one key per task): written on every change,
// so a reload or a lost connection loses nothing; `dirty` marks changes the server has not received.
import type { FormValues } from "./model.ts";

export interface Draft {
  values: FormValues;
  /** The suggested defaults the surveyor measured or confirmed (estimating/missing.ts). */
  confirmed?: string[];
  notes: string;
  conclusion?: string;
  /** Device time of the last change (ms). */
  savedAt: number;
  /** The server record this draft started from (or was last sent as). */
  baseRecordId: number | null;
  /** Changes not yet sent to the server. */
  dirty: boolean;
  /** The id these values are sent under: a resend of the same values creates no second record. */
  clientId?: string;
}

const key = (scope: string) => `polesmeta:measurement-draft:${scope}`;

export function loadDraft(scope: string): Draft | null {
  try {
    const raw = localStorage.getItem(key(scope));
    if (!raw) return null;
    const d = JSON.parse(raw) as Draft;
    return d && typeof d.values === "object" ? d : null;
  } catch {
    return null;
  }
}

/** Writes the draft; false when the device refused (storage full or disabled). */
export function saveDraft(scope: string, draft: Draft): boolean {
  try {
    localStorage.setItem(key(scope), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(scope: string): void {
  try {
    localStorage.removeItem(key(scope));
  } catch {
    // Nothing stored.
  }
}

const CONFIG_KEY = "polesmeta:measurement-form";

/** The form description, cached on the device so the form opens without a connection. */
export function cachedConfig<T>(): T | null {
  try {
    const raw = localStorage.getItem(CONFIG_KEY);
    return raw ? JSON.parse(raw) as T : null;
  } catch {
    return null;
  }
}

export function cacheConfig(config: unknown): void {
  try {
    localStorage.setItem(CONFIG_KEY, JSON.stringify(config));
  } catch {
    // The form still works this time.
  }
}
