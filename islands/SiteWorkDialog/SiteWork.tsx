// The surveyor cabinet dialog's content, loaded when the dialog opens (SiteWorkDialog.tsx keeps the button
// and the <dialog>): the one measuring screen of the task (components/measurement/TaskWork.tsx), the same
// tree /field-work shows.
import { TaskWork, type WorkTask } from "../../components/measurement/TaskWork.tsx";

export type SiteWorkTask = WorkTask;

/** The dialog content's props: the task, whether opening starts it, and closing the dialog. */
export interface SiteWorkProps {
  task: SiteWorkTask;
  startOnOpen: boolean;
  close: () => void;
  /** The task's status moved on the server. */
  onStatus?: (status: string) => void;
}

export default function SiteWork({ task, startOnOpen, close, onStatus }: SiteWorkProps) {
  return (
    <TaskWork
      task={task}
      idPrefix={`sw${task.id}`}
      startOnOpen={startOnOpen}
      close={close}
      onStatus={onStatus}
    />
  );
}
