import { Suspense, useEffect, useId, useRef, useState } from "react";
import { Icon } from "../components/Icon.tsx";
import { Dialog, DialogLoadFailed, DialogLoading } from "../components/Dialog.tsx";
import { lazyPart, preloadOnIntentOf } from "../components/lazy.ts";
import { dropNewParam } from "../components/url.ts";

// The form (and its zod schema) is a chunk of its own, loaded when the dialog is about to open.
const form = lazyPart(() => import("./TaskDialog/TaskForm.tsx"), DialogLoadFailed);

export interface TaskDialogProps {
  /** "task": the general add-task dialog; "measurement": assign a measurement to a surveyor. */
  mode: "task" | "measurement";
  objects: { id: number; address: string }[];
  /** Who can be chosen: staff for a task, the company's active surveyors for a measurement. */
  assignees: { id: number; name: string }[];
  /** Today in Moscow, 'YYYY-MM-DD': the date input's minimum. */
  today: string;
  /** Offer «Сметы по видам работ» (the chief engineer and administrators choose it). */
  chooseEstimates?: boolean;
  /** The label of the island's own button; without it the dialog only opens from page buttons. */
  trigger?: string;
  triggerClass?: string;
  /** Open on arrival (a `?new=1` link), with this object preselected ("" for none). */
  openOnLoad?: string;
}

/** The data-attribute a server-rendered button carries to open the dialog (its value: a preselected object id or ""). */
export const openAttribute = { task: "data-new-task", measurement: "data-assign-measurement" } as const;

/**
 * The add-task and assign-measurement dialogs (the objects and shop spec's «Validation rules»). Opens from
 * its own button or from any page button with `data-new-task` / `data-assign-measurement="{objectId}"`.
 */
export default function TaskDialog(
  { mode, objects, assignees, today, chooseEstimates = false, trigger, triggerClass, openOnLoad }:
    TaskDialogProps,
) {
  const dialog = useRef<HTMLDialogElement>(null);
  const openings = useRef(0);
  /** The preselected object of the open form, and a fresh form for every opening. */
  const [opened, setOpened] = useState<{ objectId: string; key: number } | null>(null);
  const id = useId();

  function open(objectId = "") {
    form.preload();
    setOpened({ objectId, key: ++openings.current });
    if (!dialog.current?.open) dialog.current?.showModal();
  }

  useEffect(() => {
    const attr = openAttribute[mode];
    const onClick = (e: MouseEvent) => {
      const button = (e.target as Element | null)?.closest?.(`[${attr}]`);
      if (!button) return;
      e.preventDefault();
      open(button.getAttribute(attr) ?? "");
    };
    document.addEventListener("click", onClick);
    const stopPreload = preloadOnIntentOf(`[${attr}]`, form.preload);
    return () => {
      document.removeEventListener("click", onClick);
      stopPreload();
    };
  }, [mode]);

  useEffect(() => {
    if (openOnLoad === undefined) return;
    open(openOnLoad);
    dropNewParam();
  }, []);

  const close = () => dialog.current?.close();
  const titleId = `${id}-heading`;
  const title = mode === "measurement" ? "Назначить замер" : "Новая задача";
  const TaskForm = form.component();

  return (
    <>
      {trigger && (
        <button
          type="button"
          className={triggerClass ?? "btn btn-primary"}
          onClick={() => open()}
          {...form.intent}
        >
          <Icon name="plus" /> <span className="btn-label">{trigger}</span>
        </button>
      )}
      <Dialog dialogRef={dialog} titleId={titleId} onClose={() => setOpened(null)}>
        {opened && (
          <Suspense fallback={<DialogLoading head={{ titleId, title, onClose: close }} />}>
            <TaskForm
              key={opened.key}
              mode={mode}
              objects={objects}
              assignees={assignees}
              today={today}
              chooseEstimates={chooseEstimates}
              objectId={opened.objectId}
              titleId={titleId}
              close={close}
            />
          </Suspense>
        )}
      </Dialog>
    </>
  );
}
