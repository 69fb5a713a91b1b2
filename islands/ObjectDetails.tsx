import { Suspense, useEffect, useId, useRef, useState } from "react";
import type { ObjectJson } from "../domain/objects.ts";
import { Icon } from "../components/Icon.tsx";
import { call, client } from "../components/api.ts";
import { Dialog, DialogHead } from "../components/Dialog.tsx";
import { errorMessage } from "../components/form.ts";
import { lazyPart, preloadOnIntentOf } from "../components/lazy.ts";

// The tabs (details, videos, documents and their uploads) are a chunk of their own, loaded on opening.
const tabs = lazyPart(() => import("./ObjectDetails/ObjectTabs.tsx"), TabsFailed);

function TabsFailed() {
  return <p className="form-error" role="alert">Не удалось загрузить объект. Обновите страницу.</p>;
}

export interface ObjectDetailsProps {
  /** The object to show at once (from `?objectId=`). */
  objectId: number | null;
  canEdit: boolean;
  userId: number;
  /** Administrators delete anyone's documents; editors anyone's videos. */
  isAdmin: boolean;
  /** May set the status by hand, with a reason (chief engineer, administrators). */
  canOverride?: boolean;
}

const loading = <div className="skeleton" style={{ height: 160 }} aria-label="Загрузка" />;

/**
 * The object detail dialog: the object's tabs (details, videos, documents). Opens from `?objectId=` and
 * from any `[data-object-details="ID"]` click, and keeps the address bar in step so the dialog has a URL.
 */
export default function ObjectDetails(
  { objectId, canEdit, userId, isAdmin, canOverride }: ObjectDetailsProps,
) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [object, setObject] = useState<ObjectJson | null>(null);
  const [error, setError] = useState("");

  async function show(idToShow: number, push: boolean) {
    setObject(null);
    setError("");
    tabs.preload();
    if (!dialog.current?.open) dialog.current?.showModal();
    if (push) {
      const url = new URL(location.href);
      url.searchParams.set("objectId", String(idToShow));
      history.pushState({ objectId: idToShow }, "", url);
    }
    try {
      setObject(await call(client.objects[":id{[0-9]+}"].$get({ param: { id: String(idToShow) } })));
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  function forgetUrl() {
    const url = new URL(location.href);
    if (url.searchParams.has("objectId")) {
      url.searchParams.delete("objectId");
      history.replaceState(null, "", url);
    }
  }

  useEffect(() => {
    if (objectId) show(objectId, false);
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const el = (e.target as Element | null)?.closest<HTMLElement>("[data-object-details]");
      if (!el) return;
      e.preventDefault();
      show(Number(el.dataset.objectDetails), true);
    };
    const onPop = () => {
      const next = Number(new URL(location.href).searchParams.get("objectId"));
      if (next) show(next, false);
      else dialog.current?.close();
    };
    const onSaved = (e: Event) => {
      const saved = (e as CustomEvent<{ object: ObjectJson }>).detail?.object;
      if (saved) setObject((o) => (o && o.id === saved.id ? { ...o, ...saved } : o));
    };
    document.addEventListener("click", onClick);
    addEventListener("popstate", onPop);
    addEventListener("object-saved", onSaved);
    const stopPreload = preloadOnIntentOf("[data-object-details]", tabs.preload);
    return () => {
      stopPreload();
      document.removeEventListener("click", onClick);
      removeEventListener("popstate", onPop);
      removeEventListener("object-saved", onSaved);
    };
  }, []);

  const status = object ? object.badge : null;
  const ObjectTabs = tabs.component();

  return (
    <Dialog dialogRef={dialog} wide className="object-details" titleId={`${id}-title`} onClose={forgetUrl}>
      <DialogHead
        className="object-details-head"
        title={object?.address ?? (error ? "Объект" : "Загрузка…")}
        titleId={`${id}-title`}
        onClose={() =>
          dialog.current?.close()}
      >
        {status && <span className={`badge badge-${status.tone}`}>{status.label}</span>}
      </DialogHead>
      <div className="dialog-body">
        {error && (
          <div className="notice notice-warning" role="alert">
            <Icon name="alert" />
            <p>{error === "Объект не найден" ? "Объект не найден или недоступен вам." : error}</p>
          </div>
        )}
        {!object && !error && loading}
        {object && (
          <Suspense fallback={loading}>
            <ObjectTabs
              object={object}
              canEdit={canEdit}
              canOverride={canOverride}
              userId={userId}
              isAdmin={isAdmin}
            />
          </Suspense>
        )}
      </div>
    </Dialog>
  );
}
