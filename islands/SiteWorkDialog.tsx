// The surveyor card's one button into the measuring screen (the estimating spec's «Site-work dialog»):
// «Начать работу» for a waiting task (opening sets it in progress), «Продолжить замер» for one in progress,
// «Открыть замер» for a done one. The dialog has a URL (?siteWork={taskId}) so a reload reopens it. Its
// content (SiteWorkDialog/SiteWork.tsx: the one measuring screen) is a chunk of its own, loaded on intent
// (pointer, finger or focus on the button) and on open: the cabinet's first paint does not need it, and the
// service worker caches it for work with no signal.
import { Suspense, useEffect, useRef, useState } from "react";
import { Dialog, DialogHead } from "../components/Dialog.tsx";
import { lazyPart } from "../components/lazy.ts";
import type { SiteWorkProps, SiteWorkTask } from "./SiteWorkDialog/SiteWork.tsx";
import { Icon } from "../components/Icon.tsx";

export interface SiteWorkDialogProps {
  task: SiteWorkTask;
}

const PARAM = "siteWork";
const content = lazyPart(() => import("./SiteWorkDialog/SiteWork.tsx"), Unavailable);

function buttonLabel(status: string): string {
  if (status === "assigned" || status === "pending") return "Начать работу";
  if (status === "in_progress") return "Продолжить замер";
  return "Открыть замер";
}

export default function SiteWorkDialog({ task }: SiteWorkDialogProps) {
  const [open, setOpen] = useState(false);
  const [starting, setStarting] = useState(false);
  useEffect(() => {
    if (new URL(location.href).searchParams.get(PARAM) === String(task.id)) setOpen(true);
  }, []);
  function show() {
    setStarting(task.status === "assigned" || task.status === "pending");
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
        {buttonLabel(task.status)}
      </button>
      {open && <SiteWorkShell task={task} startOnOpen={starting} onClose={() => setOpen(false)} />}
    </>
  );
}

function SiteWorkShell(
  { task, startOnOpen, onClose }: SiteWorkDialogProps & { startOnOpen: boolean; onClose: () => void },
) {
  const dialog = useRef<HTMLDialogElement>(null);
  const Content = content.component();

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  function close() {
    dialog.current?.close();
  }
  // The card shows the task's status: a changed one is read again from the server when the dialog closes.
  const moved = useRef(false);
  function onDialogClose() {
    const url = new URL(location.href);
    url.searchParams.delete(PARAM);
    history.replaceState(null, "", url);
    onClose();
    if (moved.current) location.reload();
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
        <Content
          task={task}
          startOnOpen={startOnOpen}
          close={close}
          onStatus={() => (moved.current = true)}
        />
      </Suspense>
    </Dialog>
  );
}

/** The dialog while its content downloads, or with `failed` when it could not be downloaded. */
function Placeholder({ task, close, failed }: Pick<SiteWorkProps, "task" | "close"> & { failed?: boolean }) {
  return (
    <>
      <DialogHead
        className="site-head"
        title={`Замер: ${task.address}`}
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
