// A contract's state in two badges, the same everywhere: signed or not, prepayment received or awaited.
import { Badge } from "./Badge.tsx";

export interface ContractStateView {
  contractNumber: string;
  signature: { signerName: string } | null;
  payment: { status: string } | null;
}

export function ContractState({ contract }: { contract: ContractStateView }) {
  const paid = contract.payment?.status === "paid";
  return (
    <span className="row contract-state">
      {contract.signature
        ? <Badge tone="success">подписан</Badge>
        : <Badge tone="warning">не подписан</Badge>}
      {contract.payment
        ? (
          <Badge tone={paid ? "success" : "warning"}>
            {paid ? "предоплата получена" : "ожидает предоплаты"}
          </Badge>
        )
        : <Badge tone="neutral">платёжная ссылка не создана</Badge>}
    </span>
  );
}
