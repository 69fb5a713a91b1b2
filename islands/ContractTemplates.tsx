// /settings «Договоры»: the company's contract template per work type, with the placeholders beside the
// editor; an unknown placeholder is refused with its name (the same check as the server's).
import { useState } from "react";
import { call, client } from "../components/api.ts";
import { toast, toastError } from "../components/toast.ts";
import { errorMessage } from "../components/form.ts";
import { Field } from "../components/Field.tsx";
import { templateProblem, type WorkType } from "../domain/contract_text.ts";
import { labelOf, workTypeLabels } from "../domain/labels.ts";

export interface ContractTemplatesProps {
  placeholders: Record<string, string>;
  defaultTemplate: string;
  templates: { workType: string; custom: boolean; body: string }[];
}

export default function ContractTemplates(props: ContractTemplatesProps) {
  const [list, setList] = useState(props.templates);
  const [workType, setWorkType] = useState(props.templates[0]?.workType ?? "");
  const current = list.find((t) => t.workType === workType)!;
  const [body, setBody] = useState(current.body);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  function choose(next: string) {
    setWorkType(next);
    setBody(list.find((t) => t.workType === next)!.body);
    setError("");
  }

  async function save(e: React.FormEvent) {
    e.preventDefault();
    const problem = templateProblem(body);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      await call(
        client.contracts.templates[":workType"].$put({
          param: { workType: workType as WorkType },
          json: { body },
        }),
      );
      setList((l) => l.map((t) => (t.workType === workType ? { ...t, body, custom: true } : t)));
      toast({ title: "Шаблон сохранён", variant: "success" });
    } catch (err) {
      toastError(errorMessage(err), "Не удалось сохранить шаблон");
    } finally {
      setBusy(false);
    }
  }

  async function reset() {
    try {
      await call(
        client.contracts.templates[":workType"].$delete({ param: { workType: workType as WorkType } }),
      );
      setList((l) =>
        l.map((t) => (t.workType === workType ? { ...t, body: props.defaultTemplate, custom: false } : t))
      );
      setBody(props.defaultTemplate);
      toast({ title: "Восстановлен встроенный шаблон" });
    } catch (err) {
      toastError(errorMessage(err));
    }
  }

  return (
    <form className="card stack templates-editor" onSubmit={save} noValidate>
      <h2 className="card-title">Шаблоны договоров</h2>
      <Field
        id="tpl-type"
        label="Тип работ"
        hint={current.custom ? "Свой шаблон компании" : "Встроенный шаблон"}
      >
        <select id="tpl-type" className="input" value={workType} onChange={(e) => choose(e.target.value)}>
          {list.map((t) => (
            <option key={t.workType} value={t.workType}>
              {labelOf(workTypeLabels, t.workType)}
              {t.custom ? " (свой)" : ""}
            </option>
          ))}
        </select>
      </Field>
      <div className="templates-grid">
        <Field id="tpl-body" label="Текст шаблона" error={error}>
          <textarea
            id="tpl-body"
            className="input template-body"
            rows={24}
            value={body}
            onChange={(e) => {
              setBody(e.target.value);
              setError("");
            }}
            aria-invalid={Boolean(error)}
          />
        </Field>
        <aside className="placeholders" aria-label="Подстановки">
          <p className="label">Подстановки</p>
          <dl>
            {Object.entries(props.placeholders).map(([name, meaning]) => (
              <div key={name}>
                <dt>
                  <code>{`{{${name}}}`}</code>
                </dt>
                <dd className="muted small">{meaning}</dd>
              </div>
            ))}
          </dl>
        </aside>
      </div>
      <div className="row">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "Сохранение…" : "Сохранить"}
        </button>
        {current.custom && (
          <button type="button" className="btn btn-secondary" onClick={() => void reset()}>
            Вернуть встроенный
          </button>
        )}
      </div>
    </form>
  );
}
