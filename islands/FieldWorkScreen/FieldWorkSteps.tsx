// The field-work screen's measuring part, loaded when a task is chosen (FieldWorkScreen.tsx keeps the
// choice of the object): the one measuring screen of the task (components/measurement/TaskWork.tsx), the
// same tree the surveyor cabinet's dialog shows.
import { TaskWork, type WorkTask } from "../../components/measurement/TaskWork.tsx";

/** A task of the screen: an object to measure. */
export type FieldWorkTask = WorkTask & { objectId: number; statusLabel: string };

/** The measuring part's props. */
export interface FieldWorkStepsProps {
  task: FieldWorkTask;
}

export default function FieldWorkSteps({ task }: FieldWorkStepsProps) {
  return (
    <div className="card">
      <TaskWork key={task.id} task={task} idPrefix="fw" />
    </div>
  );
}
