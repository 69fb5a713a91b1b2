// «Завершить работы» with its confirmation: the dialog states what the act will carry (total, received, the
// amount due, as the server computes them) before the works are finished and the act is issued.
import { useState } from "react";
import { type Answer, call, client } from "./api.ts";
import { errorMessage } from "./form.ts";
import { toastError } from "./toast.ts";
import { Dialog, DialogContent } from "./Dialog.tsx";
import { formatKopecks } from "../domain/format.ts";
import type { ActPreview } from "../domain/acts.ts";
import { BusyButton } from "./BusyButton.tsx";

export interface FinishWorksProps {
  objectId: number;
  /** Where the confirmation posts: the foreman's panel or the acts API. */
  via: "foreman" | "acts";
  /** «Завершить работы», or «Составить новый акт» after a refusal. */
  label?: string;
  className?: string;
  onDone: (result: Answer<typeof client.acts.object[":objectId"]["finish"]["$post"]>) => void;
}

export function FinishWorks(
  { objectId, via, label = "Завершить работы", className, onDone }: FinishWorksProps,
) {
  const [open, setOpen] = useState(false);
  const [preview, setPreview] = useState<ActPreview | null | undefined>(undefined);
  const [awaiting, setAwaiting] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function ask() {
    setBusy(true);
    try {
      const view = await call(
        client.acts.object[":objectId"].$get({ param: { objectId: String(objectId) } }),
      );
      setPreview(view.preview);
      setAwaiting(view.awaitingAgreement);
      setOpen(true);
    } catch (e) {
      toastError(errorMessage(e), "Не удалось подготовить акт");
    } finally {
      setBusy(false);
    }
  }

  async function confirm() {
    setBusy(true);
    try {
      const result = await call(
        via === "foreman"
          ? client.foreman.objects[":id"]["complete-work"].$post({ param: { id: String(objectId) } })
          : client.acts.object[":objectId"].finish.$post({ param: { objectId: String(objectId) } }),
      );
      setOpen(false);
      onDone(result);
    } catch (e) {
      toastError(errorMessage(e), "Не удалось завершить работы");
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <BusyButton className={className ?? "btn btn-success"} onClick={() => void ask()} busy={busy}>
        {label}
      </BusyButton>
      <Dialog open={open} title="Завершить работы и выставить акт?" onClose={() => setOpen(false)}>
        <DialogContent
          footer={
            <>
              <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
                Отмена
              </button>
              <BusyButton className="btn btn-success" onClick={() => void confirm()} busy={busy}>
                {preview ? "Завершить и отправить акт" : "Завершить работы"}
              </BusyButton>
            </>
          }
        >
          {preview
            ? (
              <div className="stack-sm" data-testid="finish-preview">
                <p>
                  Клиент получит акт сдачи-приёмки выполненных работ на подпись. Проверьте, что все работы
                  выполнены.
                </p>
                {awaiting && (
                  <p className="notice notice-warning" role="status" data-testid="finish-awaiting-agreement">
                    {awaiting} ещё ждёт ответа клиента: его изменения не войдут в акт.
                  </p>
                )}
                <dl className="ledger-lines">
                  <dt>Всего по акту</dt>
                  <dd className="money">{formatKopecks(preview.totalAmount)}</dd>
                  <dt>Получено</dt>
                  <dd className="money">{formatKopecks(preview.receivedAmount)}</dd>
                  <dt>
                    <strong>К оплате по акту</strong>
                  </dt>
                  <dd className="money">
                    <strong>{formatKopecks(Math.max(0, preview.dueAmount))}</strong>
                  </dd>
                </dl>
              </div>
            )
            : <p>У объекта нет договора: работы будут завершены без акта.</p>}
        </DialogContent>
      </Dialog>
    </>
  );
}
