import { Suspense, useEffect, useId, useRef, useState } from "react";
import type { ObjectJson } from "../domain/objects.ts";
import { call, client } from "../components/api.ts";
import { errorMessage } from "../components/form.ts";
import { Dialog, DialogLoadFailed, DialogLoading } from "../components/Dialog.tsx";
import { lazyPart, preloadOnIntentOf } from "../components/lazy.ts";
import { toastError } from "../components/toast.ts";
import { dropNewParam } from "../components/url.ts";

// The form (zod schema, address suggestions) is a chunk of its own, loaded when the dialog is about to open.
const form = lazyPart(() => import("./ObjectDialog/ObjectForm.tsx"), DialogLoadFailed);

export interface ObjectDialogProps {
  /** 'create' opens an empty form; 'edit' the object given or the one named by a click. */
  mode?: "create" | "edit";
  object?: ObjectJson | null;
  /** The label of the button that opens it; null renders no button (it opens on events only). */
  trigger?: string | null;
  triggerClass?: string;
  /**
   * Open on clicks of any `[data-object-edit="ID"]` element of the page and on the window event
   * `object-dialog:open` with `detail: { mode: "create" } | { mode: "edit", id }`.
   */
  listen?: boolean;
  /** After saving: reload the page (default), or dispatch `object-saved` on window with the object. */
  afterSave?: "reload" | "event";
  /** The second objects list ('/improved-objects') has its own toast texts. */
  variant?: "manager" | "improved";
  /** Open the create form on arrival (a `?new=1` link). */
  openOnLoad?: boolean;
}

interface Opened {
  mode: "create" | "edit";
  /** The object to edit; null while it loads (or when creating). */
  object: ObjectJson | null;
  /** Which object is being edited, so a late answer for another one is dropped. */
  objectId: number | null;
  /** A fresh form for every opening. */
  key: number;
}

/**
 * The create and edit object dialog of the objects and shop spec's «Validation rules». Usable from any page:
 * a button of its own, or
 * `data-object-edit` buttons and the `object-dialog:open` event; after saving it reloads the page or tells
 * the page by an event.
 */
export default function ObjectDialog(props: ObjectDialogProps) {
  const { trigger = "Новый объект", triggerClass = "btn btn-primary", listen = false, afterSave = "reload" } =
    props;
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const openings = useRef(0);
  const [opened, setOpened] = useState<Opened | null>(null);

  function open(mode: "create" | "edit", object: ObjectJson | null = null, objectId = object?.id ?? null) {
    form.preload();
    setOpened({ mode, object: mode === "create" ? null : object, objectId, key: ++openings.current });
    if (!dialog.current?.open) dialog.current?.showModal();
  }

  async function openEdit(objectIdToEdit: number) {
    open("edit", null, objectIdToEdit);
    try {
      const o = await call(client.objects[":id{[0-9]+}"].$get({ param: { id: String(objectIdToEdit) } }));
      setOpened((current) => (current?.objectId === objectIdToEdit ? { ...current, object: o } : current));
    } catch (error) {
      dialog.current?.close();
      toastError(`Не удалось загрузить объект: ${errorMessage(error)}`);
    }
  }

  useEffect(() => {
    if (!listen) return;
    const onClick = (e: MouseEvent) => {
      const el = (e.target as Element | null)?.closest<HTMLElement>("[data-object-edit]");
      if (!el) return;
      e.preventDefault();
      openEdit(Number(el.dataset.objectEdit));
    };
    const onOpen = (e: Event) => {
      const detail = (e as CustomEvent<{ mode: "create" | "edit"; id?: number }>).detail;
      if (detail?.mode === "edit" && detail.id) openEdit(detail.id);
      else open("create");
    };
    document.addEventListener("click", onClick);
    addEventListener("object-dialog:open", onOpen);
    const stopPreload = preloadOnIntentOf("[data-object-edit]", form.preload);
    return () => {
      document.removeEventListener("click", onClick);
      removeEventListener("object-dialog:open", onOpen);
      stopPreload();
    };
  }, [listen]);

  useEffect(() => {
    if (!props.openOnLoad) return;
    open("create");
    dropNewParam();
  }, []);

  const close = () => dialog.current?.close();
  const titleId = `${id}-title`;
  const title = opened?.mode === "edit" ? "Редактировать объект" : "Новый объект";
  const ready = opened && (opened.mode === "create" || opened.object);
  const ObjectForm = form.component();

  return (
    <>
      {trigger && (
        <button
          type="button"
          className={triggerClass}
          onClick={() => open(props.mode ?? "create", props.object)}
          {...form.intent}
        >
          {trigger}
        </button>
      )}
      <Dialog
        dialogRef={dialog}
        wide
        className="object-dialog"
        titleId={titleId}
        onClose={() => setOpened(null)}
      >
        {opened && (
          ready
            ? (
              <Suspense fallback={<DialogLoading head={{ titleId, title, onClose: close }} />}>
                <ObjectForm
                  key={opened.key}
                  mode={opened.mode}
                  object={opened.object}
                  afterSave={afterSave}
                  variant={props.variant}
                  titleId={titleId}
                  close={close}
                />
              </Suspense>
            )
            : <DialogLoading head={{ titleId, title, onClose: close }} status="Загрузка объекта…" />
        )}
      </Dialog>
    </>
  );
}
