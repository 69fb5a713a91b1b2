// The record the surveyor makes: the values (kept on the device as a draft as they are typed), the suggested
// defaults confirmed, the conclusion and the photos, with what is missing and how far the form is filled.
import { useCallback, useMemo, useRef, useState } from "react";
import { loadDraft, saveDraft } from "./draft.ts";
import type { WorkKind } from "../../estimating/form.ts";
import {
  type FormConfig,
  type FormValues,
  isSuggested,
  missingOf,
  progressOf,
  toMeasurements,
  unconfirmedOf,
} from "./model.ts";
import { newClientId } from "../offline/sync.ts";
import type { Photo } from "./session_api.ts";
import type { SyncState } from "./sync_state.ts";

/** What the form shows: from the draft, the server's record or the defaults. */
export interface ShownValues {
  values: FormValues;
  confirmed: string[];
  notes: string;
}

export function useMeasurementValues(scope: string, config: FormConfig | null, kinds: readonly WorkKind[]) {
  const kindsKey = kinds.join();
  const [values, setValues] = useState<FormValues>({});
  const [confirmed, setConfirmedState] = useState<string[]>([]);
  const [notes, setNotesState] = useState("");
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [sync, setSync] = useState<SyncState>("idle");
  /** The server record the values started from. */
  const base = useRef<number | null>(null);
  const latest = useRef({ values, notes, photos, confirmed });
  latest.current = { values, notes, photos, confirmed };

  const writeDraft = useCallback((
    next: { values: FormValues; notes: string; confirmed: string[] },
    dirty: boolean,
  ) => {
    if (!scope) return;
    // Changed values get a new id to be sent under; unchanged ones keep theirs, so a resend is recognised.
    const clientId = dirty ? newClientId() : loadDraft(scope)?.clientId;
    saveDraft(scope, { ...next, savedAt: Date.now(), baseRecordId: base.current, dirty, clientId });
  }, [scope]);

  const show = useCallback((next: ShownValues) => {
    setValues(next.values);
    setConfirmedState(next.confirmed);
    setNotesState(next.notes);
  }, []);

  /** Marks suggested defaults as confirmed (a touched field, or a section's «Подтвердить …»). */
  const confirm = useCallback((names: string[]) => {
    const add = names.filter((n) => isSuggested(n) && !latest.current.confirmed.includes(n));
    if (add.length === 0) return;
    const next = [...latest.current.confirmed, ...add];
    latest.current = { ...latest.current, confirmed: next };
    setConfirmedState(next);
    writeDraft({ values: latest.current.values, notes: latest.current.notes, confirmed: next }, true);
    setSync((s) => (s === "offline" ? "offline" : "device"));
  }, [writeDraft]);

  const setValue = useCallback((name: string, value: string | boolean) => {
    setValues((prev) => {
      const next = { ...prev, [name]: value };
      writeDraft({ values: next, notes: latest.current.notes, confirmed: latest.current.confirmed }, true);
      return next;
    });
    confirm([name]);
    setSync((s) => (s === "offline" ? "offline" : "device"));
  }, [writeDraft, confirm]);

  const setNotes = useCallback((text: string) => {
    setNotesState(text);
    writeDraft({ values: latest.current.values, notes: text, confirmed: latest.current.confirmed }, true);
    setSync((s) => (s === "offline" ? "offline" : "device"));
  }, [writeDraft]);

  const measurements = useMemo(() => toMeasurements(values, confirmed, kinds), [values, confirmed, kindsKey]);
  const missing = useMemo(() => (config ? missingOf(config, measurements) : []), [config, measurements]);
  const unconfirmed = useMemo(() => unconfirmedOf(measurements), [measurements]);
  const progress = useMemo(
    () => (config ? progressOf(config, values, confirmed) : 0),
    [config, values, confirmed],
  );

  return {
    values,
    setValue,
    confirm,
    notes,
    setNotes,
    photos,
    setPhotos,
    sync,
    setSync,
    base,
    latest,
    writeDraft,
    show,
    measurements,
    missing,
    unconfirmed,
    progress,
  };
}

export type MeasurementValues = ReturnType<typeof useMeasurementValues>;
