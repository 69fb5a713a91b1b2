import type { TaskView } from "../../db/tasks.ts";
import { Icon } from "../_ui/Icon.tsx";

/**
 * 'Работать на объекте' on the surveyor's in-progress task. Until the site-work dialog (the
 * measurement issue) exists it opens the task; replace the body of this component with that dialog's
 * island and every cabinet follows.
 */
export function SiteWorkButton({ task }: { task: Pick<TaskView, "id" | "objectId"> }) {
  return (
    <a className="btn btn-primary" href={`/tasks?taskId=${task.id}`}>
      <Icon name="truck" /> Работать на объекте
    </a>
  );
}
