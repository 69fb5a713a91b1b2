import type { TaskView } from "../../db/tasks.ts";
import { labelOf, workTypeLabels } from "../../domain/labels.ts";
import { Island } from "../../server/island.tsx";
import SiteWorkDialog from "../../islands/SiteWorkDialog.tsx";

/**
 * The surveyor card's way into the task's measuring screen (the estimating spec's «Site-work dialog»):
 * «Начать работу», «Продолжить замер» or «Открыть замер» by the stored status; the dialog loads the form and
 * the records only when opened.
 */
export function SiteWorkButton(
  { task }: {
    task: Pick<TaskView, "id" | "objectId" | "title" | "object" | "storedStatus" | "separateEstimates">;
  },
) {
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
          workType: o?.workType ?? null,
          workTypeLabel: o ? labelOf(workTypeLabels, o.workType) : "Не указан",
          clientName: o?.clientName ?? null,
          clientPhone: o?.clientPhone ?? null,
          status: task.storedStatus,
          separateEstimates: task.separateEstimates,
        },
      }}
    />
  );
}
