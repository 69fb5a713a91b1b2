// «Изменения работ» of an object under way: the surveyor's conclusion and photos, the contract's estimate
// lines to change (a quantity, not done) or add to from the price list, each with a reason and photos; the
// changes with their state; correcting them before they are agreed (the foreman those of his jobs,
// JobChangeEditForm); for staff, removing them and sending those that need the client's consent as a
// supplementary agreement. The foreman's phone and the object page share it.
import { useEffect, useState } from "react";
import { type Answer, ApiRequestError, call, client, withUpload } from "./api.ts";
import { errorMessage } from "./form.ts";
import { toast, toastError } from "./toast.ts";
import { Field } from "./Field.tsx";
import { JobChangeEditForm } from "./JobChangeEditForm.tsx";
import { formatKopecks } from "../domain/format.ts";
import { formatQuantity } from "../domain/acts.ts";
import { agreementStateLabels, type ChangeKind, changeKindLabels } from "../domain/job_changes.ts";
import { BusyButton } from "./BusyButton.tsx";

/** What GET /api/job-changes/object/:objectId answers: the lines, the price list, the changes, the agreements. */
type View = Answer<typeof client["job-changes"]["object"][":objectId"]["$get"]>;
type ChangeJson = View["changes"][number];

const photoUrl = (id: number) => `/api/documents/${id}/download?inline=1`;

function changeState(c: ChangeJson) {
  if (c.inForce) return { label: c.needsConsent ? "согласовано" : "в силе", tone: "success" };
  if (c.agreementNumber && !c.open) return { label: `в соглашении № ${c.agreementNumber}`, tone: "warning" };
  return { label: "требует согласия клиента", tone: "warning" };
}

export function JobChangesPanel({ objectId, staff }: { objectId: number; staff: boolean }) {
  const [view, setView] = useState<View | null>(null);
  const [kind, setKind] = useState<ChangeKind>("qty");
  const [line, setLine] = useState("");
  const [item, setItem] = useState("");
  const [quantity, setQuantity] = useState("");
  const [reason, setReason] = useState("");
  const [consent, setConsent] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const objectParam = { objectId: String(objectId) };
  const load = () =>
    call(client["job-changes"].object[":objectId"].$get({ param: objectParam })).then(
      setView,
      (e) => toastError(errorMessage(e), "Не удалось загрузить изменения"),
    );
  useEffect(() => void load(), [objectId]);

  async function uploadPhotos(): Promise<number[]> {
    const ids: number[] = [];
    for (const file of files) {
      const form = new FormData();
      form.append("documentType", "photo");
      form.append("file", file);
      const doc = await call(
        client.objects[":id{[0-9]+}"].documents.$post({ param: { id: String(objectId) } }, withUpload(form)),
      );
      ids.push(doc.id);
    }
    return ids;
  }

  async function record(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const photoIds = await uploadPhotos();
      const newQuantity = Number(quantity.replace(",", "."));
      const body = kind === "added"
        ? { kind, priceItemId: Number(item) || 0, newQuantity, reason, requiresConsent: consent, photoIds }
        : kind === "qty"
        ? {
          kind,
          lineIndex: line === "" ? -1 : Number(line),
          newQuantity,
          reason,
          requiresConsent: consent,
          photoIds,
        }
        : { kind, lineIndex: line === "" ? -1 : Number(line), reason, requiresConsent: consent, photoIds };
      await call(client["job-changes"].object[":objectId"].$post({ param: objectParam, json: body }));
      toast({ title: "Изменение записано", variant: "success" });
      setQuantity("");
      setReason("");
      setConsent(false);
      setFiles([]);
      await load();
    } catch (err) {
      if (err instanceof ApiRequestError) {
        setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0]])));
      }
      toastError(errorMessage(err), "Не удалось записать изменение");
    } finally {
      setBusy(false);
    }
  }

  async function act(what: () => Promise<unknown>, done: string, failed: string) {
    setBusy(true);
    try {
      await what();
      toast({ title: done, variant: "success" });
      await load();
    } catch (err) {
      toastError(errorMessage(err), failed);
    } finally {
      setBusy(false);
    }
  }

  if (!view) return <div className="skeleton" style={{ height: 120 }} aria-label="Загрузка изменений" />;
  const toAgree = view.changes.filter((c) => c.needsConsent && c.open && !c.inForce);
  const awaiting = view.agreements.some((a) => a.state === "awaiting");
  return (
    <section className="stack job-changes" data-testid="job-changes">
      <h3>Изменения работ</h3>
      {view.survey && (
        <details className="card stack-sm">
          <summary>Заключение замерщика и фото</summary>
          {view.survey.notes && <p>{view.survey.notes}</p>}
          <div className="row">
            {view.survey.photoIds.map((id) => (
              <a key={id} href={photoUrl(id)} target="_blank" rel="noopener">
                <img src={photoUrl(id)} alt="Фото замера" width={88} height={88} loading="lazy" />
              </a>
            ))}
          </div>
        </details>
      )}
      <p className="muted">
        Сумма работ: <span className="money">{formatKopecks(view.worksTotal ?? 0)}</span>
        {view.estimateTotal !== null && view.worksTotal !== view.estimateTotal && (
          <>(по смете {formatKopecks(view.estimateTotal)})</>
        )}
      </p>
      {view.changes.length > 0 && (
        <ul className="stack-sm job-change-list">
          {view.changes.map((c) => {
            const state = changeState(c);
            return (
              <li key={c.id} className="card stack-sm" data-testid="job-change">
                <p>
                  <strong>{changeKindLabels[c.kind]}</strong>: {c.name} {c.kind === "removed"
                    ? ""
                    : `${formatQuantity(c.oldQuantity)} → ${formatQuantity(c.newQuantity)} ${c.unit}`}
                </p>
                <p className="muted small">
                  {c.reason} · <span className="money">{c.delta > 0 ? "+" : ""}{formatKopecks(c.delta)}</span>
                </p>
                <p>
                  <span className={`badge badge-${state.tone}`}>{state.label}</span>
                  {c.photoIds.length > 0 && (
                    <span className="muted small">{` · фото: ${c.photoIds.length}`}</span>
                  )}
                </p>
                {editing === c.id
                  ? (
                    <JobChangeEditForm
                      change={c}
                      choices={view}
                      onDone={(saved) => {
                        setEditing(null);
                        if (saved) void load();
                      }}
                    />
                  )
                  : (c.editable || (staff && c.open)) && (
                    <div className="row">
                      {c.editable && (
                        <button
                          type="button"
                          className="btn btn-secondary btn-sm tap"
                          disabled={busy}
                          onClick={() => setEditing(c.id)}
                        >
                          Изменить
                        </button>
                      )}
                      {staff && c.open && (
                        <button
                          type="button"
                          className="btn btn-secondary btn-sm tap"
                          disabled={busy}
                          onClick={() =>
                            void act(
                              () =>
                                call(client["job-changes"][":id"].$delete({ param: { id: String(c.id) } })),
                              "Изменение удалено",
                              "Не удалось удалить изменение",
                            )}
                        >
                          Удалить
                        </button>
                      )}
                    </div>
                  )}
              </li>
            );
          })}
        </ul>
      )}
      {view.agreements.map((a) => (
        <div key={a.id} className="card stack-sm" data-testid="agreement">
          <p>
            <a href={a.pdfUrl}>{a.title}</a>{" "}
            <span
              className={`badge badge-${
                a.state === "signed" ? "success" : a.state === "refused" ? "danger" : "warning"
              }`}
            >
              {agreementStateLabels[a.state]}
            </span>
          </p>
          <p className="muted small">
            {formatKopecks(a.oldTotal)} → {formatKopecks(a.newTotal)}
          </p>
          {a.refusalComment && <p className="notice notice-warning">Клиент: «{a.refusalComment}»</p>}
        </div>
      ))}
      {staff && view.canRecord && toAgree.length > 0 && !awaiting && (
        <button
          type="button"
          className="btn btn-primary btn-block tap"
          disabled={busy}
          onClick={() =>
            void act(
              () =>
                call(
                  client["job-changes"].object[":objectId"].agreement.$post({
                    param: { objectId: String(objectId) },
                  }),
                ),
              "Дополнительное соглашение отправлено клиенту",
              "Не удалось отправить соглашение",
            )}
        >
          Отправить клиенту доп. соглашение
        </button>
      )}
      {view.canRecord && view.lines.length > 0 && (
        <form className="card stack" onSubmit={record} noValidate data-testid="job-change-form">
          <Field id={`jc-kind-${objectId}`} label="Что изменилось">
            <select
              id={`jc-kind-${objectId}`}
              className="input tap"
              value={kind}
              onChange={(e) =>
                setKind(e.target.value as ChangeKind)}
            >
              <option value="qty">Изменилось количество</option>
              <option value="removed">Позиция не выполнена</option>
              <option value="added">Добавить из прайс-листа</option>
            </select>
          </Field>
          {kind === "added"
            ? (
              <Field
                id={`jc-item-${objectId}`}
                label="Позиция прайс-листа"
                error={errors.priceItemId}
                required
              >
                <select
                  id={`jc-item-${objectId}`}
                  className="input tap"
                  value={item}
                  onChange={(e) => setItem(e.target.value)}
                >
                  <option value="">Выберите позицию</option>
                  {view.priceItems.map((p) => (
                    <option key={p.id} value={p.id}>{p.name} — {formatKopecks(p.price)}/{p.unit}</option>
                  ))}
                </select>
              </Field>
            )
            : (
              <Field id={`jc-line-${objectId}`} label="Позиция сметы" error={errors.lineIndex} required>
                <select
                  id={`jc-line-${objectId}`}
                  className="input tap"
                  value={line}
                  onChange={(e) => setLine(e.target.value)}
                >
                  <option value="">Выберите позицию</option>
                  {view.lines.map((l) => (
                    <option key={l.index} value={l.index}>
                      {l.name} — {formatQuantity(l.quantity)} {l.unit}
                    </option>
                  ))}
                </select>
              </Field>
            )}
          {kind !== "removed" && (
            <Field id={`jc-qty-${objectId}`} label="Количество по факту" error={errors.newQuantity} required>
              <input
                id={`jc-qty-${objectId}`}
                className="input tap"
                inputMode="decimal"
                value={quantity}
                onChange={(e) =>
                  setQuantity(e.target.value)}
              />
            </Field>
          )}
          <Field id={`jc-reason-${objectId}`} label="Причина" error={errors.reason} required>
            <textarea
              id={`jc-reason-${objectId}`}
              className="input"
              rows={2}
              value={reason}
              onChange={(e) =>
                setReason(e.target.value)}
            />
          </Field>
          <Field id={`jc-photos-${objectId}`} label="Фото (необязательно)" error={errors.photoIds}>
            <input
              id={`jc-photos-${objectId}`}
              className="input tap"
              type="file"
              accept="image/*"
              capture="environment"
              multiple
              onChange={(e) =>
                setFiles([...(e.target.files ?? [])])}
            />
          </Field>
          <label className="checkbox tap">
            <input
              type="checkbox"
              checked={consent}
              onChange={(e) => setConsent(e.target.checked)}
            />
            <span>Требует согласия клиента</span>
          </label>
          <BusyButton type="submit" className="btn btn-primary btn-block tap" busy={busy}>
            Записать изменение
          </BusyButton>
        </form>
      )}
    </section>
  );
}
