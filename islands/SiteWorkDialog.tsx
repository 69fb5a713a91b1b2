// 'Работать на объекте' and the site-work dialog (spec/3 §2.2), phone first. The dialog has a URL
// (?siteWork={taskId}) so a reload reopens it. Its content (measurement/SiteWork.tsx: the form, the draft,
// photos, estimate) is a chunk of its own, loaded on open, on intent and once the page is idle.
import { Suspense, useEffect, useRef, useState } from "react";
import { onDemand, whenIdle } from "./measurement/on_demand.ts";

export interface SiteWorkDialogProps {
  task: {
    id: number;
    objectId: number | null;
    title: string;
    address: string;
    workTypeLabel: string;
    clientName: string | null;
    clientPhone: string | null;
  };
}

/** The dialog content's props: the task and closing the dialog. */
export type SiteWorkProps = SiteWorkDialogProps & { close: () => void };

const PARAM = "siteWork";
const content = onDemand<SiteWorkProps>(() => import("./measurement/SiteWork.tsx"), Unavailable);

export default function SiteWorkDialog({ task }: SiteWorkDialogProps) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (new URL(location.href).searchParams.get(PARAM) === String(task.id)) setOpen(true);
    whenIdle(content.prefetch);
  }, []);
  function show() {
    const url = new URL(location.href);
    url.searchParams.set(PARAM, String(task.id));
    history.replaceState(null, "", url);
    setOpen(true);
  }
  return (
    <>
      <button
        type="button"
        className="btn btn-primary"
        onClick={show}
        onPointerEnter={content.prefetch}
        onTouchStart={content.prefetch}
        onFocus={content.prefetch}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M10 17h4V5H2v12h3m15 0h2v-3.3a1 1 0 0 0-.3-.7L18 9h-4v8h1M7.5 19.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4m10 0a2 2 0 1 0 0-4 2 2 0 0 0 0 4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          />
        </svg>
        Работать на объекте
      </button>
      {open && <SiteWorkShell task={task} onClose={() => setOpen(false)} />}
    </>
  );
}

function SiteWorkShell({ task, onClose }: SiteWorkDialogProps & { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const Content = content.component();

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  function close() {
    dialog.current?.close();
  }
  function onDialogClose() {
    const url = new URL(location.href);
    url.searchParams.delete(PARAM);
    history.replaceState(null, "", url);
    onClose();
  }

  return (
    <dialog
      ref={dialog}
      className="dialog dialog-wide site-dialog"
      aria-labelledby={`sw${task.id}-title`}
      onClose={onDialogClose}
    >
      <Suspense fallback={<Placeholder task={task} close={close} />}>
        <Content task={task} close={close} />
      </Suspense>
    </dialog>
  );
}

/** The dialog while its content downloads, or with `failed` when it could not be downloaded. */
function Placeholder({ task, close, failed }: SiteWorkProps & { failed?: boolean }) {
  return (
    <>
      <div className="dialog-head site-head">
        <div className="site-title">
          <h2 id={`sw${task.id}-title`}>Замер септика: {task.address}</h2>
        </div>
        <button type="button" className="icon-btn" aria-label="Закрыть" onClick={close}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M18 6 6 18M6 6l12 12" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      </div>
      <div className="dialog-body site-body">
        {failed
          ? (
            <p className="form-error" role="alert">
              Нет связи с сервером: форма замера не загружена. Проверьте подключение и откройте замер снова.
            </p>
          )
          : <div className="skeleton" style={{ height: 240 }} aria-label="Загрузка формы замера" />}
      </div>
    </>
  );
}

function Unavailable(props: SiteWorkProps) {
  return <Placeholder {...props} failed />;
}
