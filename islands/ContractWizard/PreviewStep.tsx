// The wizard's second tab: the generated contract's text, its PDF, DOCX and print, and whether the client's
// page lists the estimate's lines.
import { formatKopecks } from "../../domain/format.ts";
import type { ContractState } from "./types.ts";

export function PreviewStep({ contract, showItems, onShowItems }: {
  contract: ContractState;
  showItems: boolean;
  onShowItems: (show: boolean) => void;
}) {
  function print() {
    const w = open(`/contracts/${contract.id}/print`, "_blank");
    w?.addEventListener("load", () => w.print(), { once: true });
  }
  return (
    <div className="stack">
      <p className="muted small">
        Договор № {contract.contractNumber}, версия {contract.version}. Сумма{" "}
        {formatKopecks(contract.totalAmount)}, предоплата {contract.prepaymentPercent} % —{" "}
        {formatKopecks(contract.prepaymentAmount)}.
      </p>
      <pre
        className="contract-text"
        tabIndex={0}
        aria-label="Текст договора"
        data-testid="contract-text"
      >
        {contract.contractText}
      </pre>
      <div className="row">
        <a className="btn btn-secondary btn-sm" href={`/api/contracts/${contract.id}/pdf`}>PDF</a>
        <a className="btn btn-secondary btn-sm" href={`/api/contracts/${contract.id}/docx`}>
          DOCX (Word)
        </a>
        <button type="button" className="btn btn-secondary btn-sm" onClick={print}>Печать</button>
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={showItems} onChange={(e) => onShowItems(e.target.checked)} />
        <span>Показывать клиенту позиции сметы (иначе только итоги разделов)</span>
      </label>
    </div>
  );
}
