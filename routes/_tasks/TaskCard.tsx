import type { TaskCardView, TaskView } from "../../db/tasks.ts";
import { formatDate, formatDateTime } from "../../domain/format.ts";
import { labelOf, taskPriorityLabels, taskStatusLabels, workTypeLabels } from "../../domain/labels.ts";
import { CachedHtml, Island } from "../../server/island.tsx";
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

/** 'Без срока' when there is no due date (the platform spec's «Screens and routes»). */
export const dueText = (task: Pick<TaskView, "dueDate">) =>
  task.dueDate ? formatDate(task.dueDate) : "Без срока";
/** 'Не назначено' when nobody is assigned. */
export const assigneeText = (task: Pick<TaskView, "assignedUser">) =>
  task.assignedUser?.name ?? "Не назначено";

/**
 * Exactly what a task card shows, worked out from the task: the card is given this alone, so the page's
 * fingerprint (server/page_fingerprint.ts) sees no field of the task the card does not show, and the card is
 * cached per these values (server/island.tsx CachedHtml) and rendered from them alone.
 */
export function taskCard(
  task: TaskCardView,
  { canChangeStatus, compact, editHref }: {
    canChangeStatus: boolean;
    compact?: boolean;
    /** The task-edit dialog's address (the list's own, with its filters, and `edit=`), when the viewer may edit. */
    editHref?: string;
  },
): CardData {
  return {
    id: task.id,
    title: task.title,
    description: compact ? null : task.description,
    status: task.status,
    priority: task.priority,
    object: task.object && { id: task.object.id, address: task.object.address },
    assignee: assigneeText(task),
    due: dueText(task),
    overdue: task.isOverdue,
    canChangeStatus,
    editHref: editHref ?? null,
  };
}

/** A task card with its priority strip, status and priority words, object, assignee, due date and status menu. */
export function TaskCard({ card }: { card: CardData }) {
  return (
    <CachedHtml
      name="TaskCard"
      as="article"
      className={`card task-card priority-${card.priority}${card.overdue ? " is-overdue" : ""}`}
      data={card}
      render={() => <TaskCardContent {...card} />}
    />
  );
}

export interface CardData {
  id: number;
  title: string;
  description: string | null;
  status: TaskView["status"];
  priority: TaskView["priority"];
  object: { id: number; address: string } | null;
  assignee: string;
  due: string;
  overdue: boolean;
  canChangeStatus: boolean;
  editHref: string | null;
}

/** What is inside the card. */
function TaskCardContent(card: CardData) {
  return (
    <>
      <header className="task-card-head">
        <h3>
          <a href={`/tasks?taskId=${card.id}`}>{card.title}</a>
        </h3>
        <div className="row task-badges">
          <TaskStatusBadge status={card.status} />
          <PriorityBadge priority={card.priority} />
        </div>
      </header>
      {card.description && <p className="task-desc">{card.description}</p>}
      <dl className="task-meta">
        <div>
          <dt>
            <Icon name="pin" size={16} label="Объект" />
          </dt>
          <dd>
            {card.object
              ? <a href={`/objects?objectId=${card.object.id}`}>{card.object.address}</a>
              : "Объект не указан"}
          </dd>
        </div>
        <div>
          <dt>
            <Icon name="user" size={16} label="Исполнитель" />
          </dt>
          <dd>{card.assignee}</dd>
        </div>
        <div>
          <dt>
            <Icon name="calendar" size={16} label="Срок" />
          </dt>
          <dd className={card.overdue ? "overdue-text" : undefined}>{card.due}</dd>
        </div>
      </dl>
      <footer className="task-card-foot">
        <a className="btn btn-secondary btn-sm" href={`/tasks?taskId=${card.id}`}>Открыть</a>
        {card.editHref && (
          <a
            className="btn btn-outline btn-sm"
            href={card.editHref}
            aria-label={`Изменить задачу «${card.title}»`}
          >
            Изменить
          </a>
        )}
        {card.canChangeStatus && (
          <Island cached component={TaskStatusMenu} props={{ taskId: card.id, status: card.status }} />
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
    separateEstimates: task.separateEstimates,
  };
}
