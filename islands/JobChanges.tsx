// The foreman's «Изменения работ» on a project card under way (components/JobChangesPanel.tsx), opened on tap.
import { useState } from "react";
import { JobChangesPanel } from "../components/JobChangesPanel.tsx";

export default function JobChanges({ objectId }: { objectId: number }) {
  const [open, setOpen] = useState(false);
  return open
    ? <JobChangesPanel objectId={objectId} staff={false} />
    : (
      <button type="button" className="btn btn-secondary btn-block tap" onClick={() => setOpen(true)}>
        Изменения работ
      </button>
    );
}
