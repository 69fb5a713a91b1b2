// The «Замер» tab: the task's work types (folded), the object's client, the form's progress and the form.
import { MeasurementForm } from "./MeasurementForm.tsx";
import type { MeasurementSession } from "./session.ts";
import type { WorkTask } from "./work_task.ts";
import { estimateSplitLabels } from "../../domain/labels.ts";
import { type WorkKind, workKinds, workKindTitles } from "../../estimating/form.ts";
import type { FormConfig } from "./model.ts";

export function MeasureTab({ task, session: s, config, kinds, onToggleKind, section, onSection, idPrefix }: {
  task: WorkTask;
  session: MeasurementSession;
  config: FormConfig;
  kinds: WorkKind[];
  onToggleKind: (kind: WorkKind) => void;
  section: string;
  onSection: (section: string) => void;
  idPrefix: string;
}) {
  return (
    <div className="stack">
      {/* Folded: the work types of the task are usually right; one tap opens the choice. */}
      <details className="tw-kinds-box" data-testid="work-kinds">
        <summary>
          Виды работ: <strong>{kinds.map((k) => workKindTitles[k]).join(", ")}</strong>
        </summary>
        <fieldset className="tw-kinds">
          <legend className="visually-hidden">Виды работ в смете</legend>
          {workKinds.map((kind) => (
            <label key={kind} className="chip-radio">
              <input
                type="checkbox"
                checked={kinds.includes(kind)}
                onChange={() => onToggleKind(kind)}
              />
              {workKindTitles[kind]}
            </label>
          ))}
        </fieldset>
      </details>
      {kinds.length > 1 && (
        <p className="muted" data-testid="estimate-split">
          Сметы: {estimateSplitLabels[task.separateEstimates ? "separate" : "combined"].toLowerCase()}{" "}
          (так решил главный инженер)
        </p>
      )}
      <dl className="details object-info">
        <dt>Тип работ</dt>
        <dd>{task.workTypeLabel}</dd>
        <dt>Клиент</dt>
        <dd>{task.clientName || "Не указан"}</dd>
        <dt>Телефон</dt>
        <dd>
          {task.clientPhone
            ? <a href={`tel:${task.clientPhone.replace(/[^\d+]/g, "")}`}>{task.clientPhone}</a>
            : "не указан"}
        </dd>
      </dl>
      <div
        className="progress"
        role="progressbar"
        aria-label="Заполнение замера"
        aria-valuenow={s.progress}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <span style={{ width: `${s.progress}%` }} />
      </div>
      <MeasurementForm
        config={config}
        values={s.values}
        onChange={s.setValue}
        open={section}
        onOpen={onSection}
        missing={s.missing}
        unconfirmed={s.unconfirmed}
        onConfirm={s.confirm}
        idPrefix={idPrefix}
      />
    </div>
  );
}
