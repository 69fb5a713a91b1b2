// 'Работать на объекте' and the site-work dialog (spec/3 §2.2), phone first. The dialog has a URL
// (?siteWork={taskId}) so a reload reopens it. Its content (SiteWorkDialog/SiteWork.tsx: the form, the draft,
// photos, estimate) is a chunk of its own, loaded on open, on intent and once the page is idle.
import { Suspense, useEffect, useRef, useState } from "react";
import { Dialog, DialogHead } from "../components/Dialog.tsx";
import { lazyPart, whenIdle } from "../components/lazy.ts";
import type { SiteWorkProps, SiteWorkTask } from "./SiteWorkDialog/SiteWork.tsx";
import { Icon } from "../components/Icon.tsx";

export interface SiteWorkDialogProps {
  task: SiteWorkTask;
}

const PARAM = "siteWork";
const content = lazyPart(() => import("./SiteWorkDialog/SiteWork.tsx"), Unavailable);

export default function SiteWorkDialog({ task }: SiteWorkDialogProps) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (new URL(location.href).searchParams.get(PARAM) === String(task.id)) setOpen(true);
    whenIdle(content.preload);
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
        {...content.intent}
      >
        <Icon name="truck" />
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
    <Dialog
      dialogRef={dialog}
      wide
      className="site-dialog"
      titleId={`sw${task.id}-title`}
      onClose={onDialogClose}
    >
      <Suspense fallback={<Placeholder task={task} close={close} />}>
        <Content task={task} close={close} />
      </Suspense>
    </Dialog>
  );
}

/** The dialog while its content downloads, or with `failed` when it could not be downloaded. */
function Placeholder({ task, close, failed }: SiteWorkProps & { failed?: boolean }) {
  return (
    <>
      <DialogHead
        className="site-head"
        title={`Замер септика: ${task.address}`}
        titleId={`sw${task.id}-title`}
        onClose={close}
      />
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
