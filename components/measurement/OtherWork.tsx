// A task whose work has no measurement form yet: says so and offers a manual estimate.
import type { WorkTask } from "./work_task.ts";

export function OtherWork({ task }: { task: WorkTask }) {
  return (
    <div className="empty tw-other">
      <p className="empty-text">Для работ «{task.workTypeLabel}» формы замера пока нет</p>
      <p className="muted">
        Форма замера рассчитывает скважины, водопровод, дренаж, канализацию и станции. Составьте смету вручную
        по прайс-листу компании.
      </p>
      {task.objectId && (
        <a className="btn btn-primary" href={`/estimates?objectId=${task.objectId}`}>
          Составить смету по прайс-листу
        </a>
      )}
    </div>
  );
}
