import type { TaskView } from "../../db/tasks.ts";
import { labelOf, workTypeLabels } from "../../domain/labels.ts";
import { Island } from "../../server/island.tsx";
import SiteWorkDialog from "../../islands/SiteWorkDialog.tsx";

/**
 * 'Работать на объекте' on the surveyor's in-progress task: opens the site-work dialog (spec/3 §2.2),
 * which loads the form, the draft and the task's records only when opened.
 */
export function SiteWorkButton({ task }: { task: Pick<TaskView, "id" | "objectId" | "title" | "object"> }) {
  const o = task.object;
  return (
    <Island
      component={SiteWorkDialog}
      as="span"
      className="site-work-island"
      props={{
        task: {
          id: task.id,
          objectId: task.objectId,
          title: task.title,
          address: o?.address ?? "адрес не указан",
          workTypeLabel: o ? labelOf(workTypeLabels, o.workType) : "Не указан",
          clientName: o?.clientName ?? null,
          clientPhone: o?.clientPhone ?? null,
        },
      }}
    />
  );
}
