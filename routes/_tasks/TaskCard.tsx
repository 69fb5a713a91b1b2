import type { TaskView } from "../../db/tasks.ts";
import { formatDate, formatDateTime } from "../../domain/format.ts";
import { labelOf, taskPriorityLabels, taskStatusLabels, workTypeLabels } from "../../domain/labels.ts";
import { Island, Kept } from "../../server/island.tsx";
import TaskStatusMenu from "../../islands/TaskStatusMenu.tsx";
import type { TaskDetailProps } from "../../islands/TaskDetailDialog.tsx";
import { Badge } from "../../components/Badge.tsx";
import { Icon } from "../../components/Icon.tsx";

export function TaskStatusBadge({ status }: { status: TaskView["status"] }) {
  const s = taskStatusLabels[status];
  return <Badge tone={s.tone}>{s.label}</Badge>;
}

export function PriorityBadge({ priority }: { priority: TaskView["priority"] }) {
  const p = taskPriorityLabels[priority];
  return <Badge tone={p.tone}>{p.label}</Badge>;
}

/** 'Без срока' when there is no due date (spec/1 §2). */
export const dueText = (task: Pick<TaskView, "dueDate">) =>
  task.dueDate ? formatDate(task.dueDate) : "Без срока";
/** 'Не назначено' when nobody is assigned. */
export const assigneeText = (task: Pick<TaskView, "assignedUser">) =>
  task.assignedUser?.name ?? "Не назначено";

/** A task card with its priority strip, status and priority words, object, assignee, due date and status menu. */
export function TaskCard(props: TaskCardProps) {
  const { task } = props;
  return (
    <Kept
      name="TaskCard"
      as="article"
      className={`card task-card priority-${task.priority}${task.isOverdue ? " is-overdue" : ""}`}
      data={props}
      render={() => <TaskCardContent {...props} />}
    />
  );
}

interface TaskCardProps {
  task: TaskView;
  canChangeStatus: boolean;
  compact?: boolean;
}

/** What is inside the card: kept per task as it stands (TaskCard). */
function TaskCardContent({ task, canChangeStatus, compact }: TaskCardProps) {
  return (
    <>
      <header className="task-card-head">
        <h3>
          <a href={`/tasks?taskId=${task.id}`}>{task.title}</a>
        </h3>
        <div className="row task-badges">
          <TaskStatusBadge status={task.status} />
          <PriorityBadge priority={task.priority} />
        </div>
      </header>
      {!compact && task.description && <p className="task-desc">{task.description}</p>}
      <dl className="task-meta">
        <div>
          <dt>
            <Icon name="pin" size={16} label="Объект" />
          </dt>
          <dd>
            {task.object
              ? <a href={`/objects?objectId=${task.object.id}`}>{task.object.address}</a>
              : "Объект не указан"}
          </dd>
        </div>
        <div>
          <dt>
            <Icon name="user" size={16} label="Исполнитель" />
          </dt>
          <dd>{assigneeText(task)}</dd>
        </div>
        <div>
          <dt>
            <Icon name="calendar" size={16} label="Срок" />
          </dt>
          <dd className={task.isOverdue ? "overdue-text" : undefined}>{dueText(task)}</dd>
        </div>
      </dl>
      <footer className="task-card-foot">
        <a className="btn btn-secondary btn-sm" href={`/tasks?taskId=${task.id}`}>Открыть</a>
        {canChangeStatus && (
          <Island cached component={TaskStatusMenu} props={{ taskId: task.id, status: task.status }} />
        )}
      </footer>
    </>
  );
}

/** The JSON the task dialog island gets. */
export function taskDetailProps(task: TaskView): TaskDetailProps["task"] {
  const s = taskStatusLabels[task.status];
  const p = taskPriorityLabels[task.priority];
  return {
    id: task.id,
    title: task.title,
    description: task.description,
    status: task.status,
    statusLabel: s.label,
    statusTone: s.tone,
    priorityLabel: p.label,
    priorityTone: p.tone,
    due: dueText(task),
    created: formatDateTime(task.createdAt),
    assignee: assigneeText(task),
    objectId: task.object?.id ?? null,
    address: task.object?.address ?? null,
    client: task.object?.clientName ?? null,
    phone: task.object?.clientPhone ?? null,
    workType: task.object ? labelOf(workTypeLabels, task.object.workType) : null,
  };
}
