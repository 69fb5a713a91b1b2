// The object's act of completed works in its card: each version's state (awaiting, signed, refused with the
// client's comment), its PDF, and «Завершить работы» / «Составить новый акт» for those who may issue it.
import { useEffect, useState } from "react";
import { type Answer, call, client } from "../../components/api.ts";
import { errorMessage } from "../../components/form.ts";
import { toast, toastError } from "../../components/toast.ts";
import { FinishWorks } from "../../components/FinishWorks.tsx";
import { formatDateTime, formatKopecks } from "../../domain/format.ts";
import { actStateLabels } from "../../domain/acts.ts";
import type { SignatureState } from "../../domain/client_signature.ts";

const objectActs = client.acts.object[":objectId"];
type Acts = Answer<typeof objectActs.$get>;

const tones: Record<SignatureState, string> = { awaiting: "warning", signed: "success", refused: "danger" };

export function ActSummary({ objectId, onChanged, owed = 0, listOnly = false }: {
  objectId: number;
  /** What the ledger says is still owed (kopecks): a signed act then asks for the final payment. */
  owed?: number;
  onChanged: () => void;
  /** Only the documents (the Documents tab), without «Завершить работы». */
  listOnly?: boolean;
}) {
  const [data, setData] = useState<Acts | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const load = () =>
    call(objectActs.$get({ param: { objectId: String(objectId) } })).then(
      setData,
      (e) => toastError(errorMessage(e)),
    );
  useEffect(() => void load(), [objectId]);
  if (!data || (data.acts.length === 0 && (listOnly || !data.canFinish))) return null;
  const last = data.acts[0];
  return (
    <section className="stack-sm" data-testid="acts">
      <h4>Акт сдачи-приёмки выполненных работ</h4>
      {data.acts.length > 0 && (
        <ul className="link-list">
          {data.acts.map((a) => (
            <li key={a.id} className="stack-sm">
              <span className="row">
                <a href={a.pdfUrl} target="_blank">№ {a.actNumber}</a>
                <span className={`badge badge-${tones[a.state]}`}>{actStateLabels[a.state]}</span>
                <span className="muted small">
                  {formatDateTime(a.createdAt)} · {formatKopecks(a.totalAmount)}
                </span>
              </span>
              {a.signedAt && (
                <span className="small">Подписал(а) {a.signerName}, {formatDateTime(a.signedAt)}</span>
              )}
              {a.refusedAt && (
                <span className="notice notice-warning small" data-testid="act-refusal">
                  {a.refusedBy ?? "Клиент"} не подписал(а) акт{" "}
                  {formatDateTime(a.refusedAt)}: «{a.refusalComment}»
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {last?.state === "signed" && owed > 0 && (
        <p className="small">Акт подписан: выставьте клиенту окончательный расчёт.</p>
      )}
      {link && (
        <p className="small">
          Ссылка клиента на акт: <a href={link} target="_blank">{link}</a>
        </p>
      )}
      {data.canFinish && !listOnly && (
        <FinishWorks
          objectId={objectId}
          via="acts"
          label={last?.state === "refused" ? "Составить новый акт" : "Завершить работы"}
          onDone={(r) => {
            toast({
              title: r.act ? `Акт № ${r.act.actNumber} отправлен клиенту` : "Работы завершены",
              variant: "success",
            });
            setLink(r.clientLink);
            void load();
            onChanged();
          }}
        />
      )}
    </section>
  );
}
