// The object's issued documents on its Documents tab: invoices («Счёт на оплату») with their PDFs and
// «Выставить счёт» for the amount the ledger asks now, and the unified forms КС-2 and КС-3 (PDF and Excel).
import { useEffect, useState } from "react";
import { type Answer, call, client } from "../../components/api.ts";
import { errorMessage } from "../../components/form.ts";
import { toast, toastError } from "../../components/toast.ts";
import { formatDate, formatKopecks } from "../../domain/format.ts";

const objectInvoices = client.invoices.object[":objectId"];
type InvoiceRow = Answer<typeof objectInvoices.$get>[number];

const kindLabels = { prepayment: "предоплата", final: "окончательный расчёт" } as const;

export function ClosingDocuments({ objectId, canIssue }: { objectId: number; canIssue: boolean }) {
  const [invoices, setInvoices] = useState<InvoiceRow[] | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    call(objectInvoices.$get({ param: { objectId: String(objectId) } })).then(
      setInvoices,
      () => setInvoices([]),
    );
  }, [objectId]);

  async function issue() {
    setBusy(true);
    try {
      const made = await call(objectInvoices.$post({ param: { objectId: String(objectId) } }));
      setInvoices((list) => [made, ...(list ?? [])]);
      toast({
        title: `Счёт № ${made.number} выставлен`,
        description: formatKopecks(made.amount),
        variant: "success",
      });
    } catch (e) {
      toastError(errorMessage(e), "Счёт не выставлен");
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="stack closing-documents" aria-label="Счета и акты" data-testid="closing-documents">
      <h3 className="h4">Счета и акты КС-2, КС-3</h3>
      {invoices === null
        ? <div className="skeleton" style={{ height: 44 }} />
        : invoices.length === 0
        ? <p className="muted">Счетов ещё нет</p>
        : (
          <ul className="plain-list stack">
            {invoices.map((i) => (
              <li key={i.id} className="row row-between">
                <span>
                  Счёт № {i.number} от {formatDate(i.createdAt)}, {kindLabels[i.kind]}:{" "}
                  <strong className="money">{formatKopecks(i.amount)}</strong>
                </span>
                <a className="btn btn-secondary btn-sm" href={`/api/invoices/${i.id}/pdf`} download>PDF</a>
              </li>
            ))}
          </ul>
        )}
      <div className="row">
        {canIssue && (
          <button type="button" className="btn btn-primary" disabled={busy} onClick={issue}>
            Выставить счёт
          </button>
        )}
        <a className="btn btn-secondary" href={`/api/closing-documents/object/${objectId}/ks2.pdf`} download>
          КС-2 (PDF)
        </a>
        <a className="btn btn-secondary" href={`/api/closing-documents/object/${objectId}/ks.xlsx`} download>
          КС-2 и КС-3 (Excel)
        </a>
        <a className="btn btn-secondary" href={`/api/closing-documents/object/${objectId}/ks3.pdf`} download>
          КС-3 (PDF)
        </a>
      </div>
    </section>
  );
}
