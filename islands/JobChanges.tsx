// The foreman's «Изменения работ» on a project card under way (components/JobChangesPanel.tsx), opened on tap;
// the panel is a chunk of its own (islands/JobChanges/Panel.tsx), downloaded when the foreman reaches for it.
import { Suspense, useState } from "react";
import { lazyPart } from "../components/lazy.ts";

const panel = lazyPart<{ objectId: number; staff: boolean }>(
  () => import("./JobChanges/Panel.tsx"),
  () => <p className="form-error" role="alert">Не удалось загрузить изменения работ. Обновите страницу.</p>,
);

export default function JobChanges({ objectId }: { objectId: number }) {
  const [open, setOpen] = useState(false);
  const Panel = panel.component();
  return open
    ? (
      <Suspense fallback={<p className="muted">Загрузка…</p>}>
        <Panel objectId={objectId} staff={false} />
      </Suspense>
    )
    : (
      <button
        type="button"
        className="btn btn-secondary btn-block tap"
        onClick={() => setOpen(true)}
        {...panel.intent}
      >
        Изменения работ
      </button>
    );
}
