// The object's contract in its card: the current version's state, a link to it, and «Заключение договора»
// (the wizard lives on the estimate page, opened there at once).
import { useEffect, useState } from "react";
import { api } from "../../components/api.ts";
import { errorMessage } from "../../components/form.ts";

interface Summary {
  contract: {
    id: number;
    contractNumber: string;
    version: number;
    signature: { signerName: string } | null;
    payment: { status: string } | null;
  } | null;
  estimate: { id: number; estimateNumber: string } | null;
  canMake: boolean;
}

export function ContractSummary({ objectId }: { objectId: number }) {
  const [data, setData] = useState<Summary | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    api<Summary>(`/api/contracts/object/${objectId}`).then(setData, (e) => setError(errorMessage(e)));
  }, [objectId]);
  if (error) return <p className="muted small">Договор: {error}</p>;
  if (!data) return <p className="muted small" aria-busy="true">Загрузка договора…</p>;
  const c = data.contract;
  const paid = c?.payment?.status === "paid";
  return (
    <div className="stack">
      <h3 className="section-title">Договор</h3>
      {c
        ? (
          <p className="row">
            <a href={`/contracts/${c.id}`}>№ {c.contractNumber}, версия {c.version}</a>
            <span className={`badge badge-${c.signature ? "success" : "warning"}`}>
              {c.signature ? "подписан" : "не подписан"}
            </span>
            {c.payment && (
              <span className={`badge badge-${paid ? "success" : "warning"}`}>
                {paid ? "предоплата получена" : "ожидает предоплаты"}
              </span>
            )}
          </p>
        )
        : <p className="muted">Договора пока нет</p>}
      {data.canMake && (data.estimate
        ? (
          <a className="btn btn-secondary" href={`/estimates/${data.estimate.id}?contract=1`}>
            Заключение договора
          </a>
        )
        : <p className="muted small">Договор составляется по смете: сначала составьте смету.</p>)}
    </div>
  );
}
