// What the contract wizard's parts share: its props, the contract and the payment link as the API answers
// them, and the client's form.
import type { Answer, client } from "../../components/api.ts";

/** The contract as GET /api/contracts/:id answers it (the page passes the same JSON as `current`). */
export type ContractState = Answer<typeof client.contracts[":id"]["$get"]>;

/** The prepayment's link and QR as POST /api/payment/generate answers them. */
export type PaymentState = Answer<typeof client.payment.generate.$post>;

export interface WizardProps {
  objectId: number;
  workType: string;
  estimate: { id: number; estimateNumber: string; totalAmount: number };
  client: {
    name: string;
    phone: string;
    objectAddress: string;
    city: string;
    /** A person (passport) or an organisation (its requisites, kept on the object). */
    kind: "person" | "organisation";
    legalAddress: string;
    /** The organisation's requisites in one line, as the contract prints them. */
    requisites: string;
  };
  /** The object's current contract, when there is one. */
  current: ContractState | null;
  /** May record a received payment and revoke a link. */
  canKeepPayments: boolean;
  onClose: () => void;
}

/** The contract's fields as the client step edits them. */
export type ContractForm =
  & Record<
    | "CLIENT_NAME"
    | "CLIENT_PHONE"
    | "CLIENT_PASSPORT"
    | "CLIENT_ADDRESS"
    | "CONTRACT_NUMBER"
    | "OBJECT_ADDRESS"
    | "CITY",
    string
  >
  & { PREPAYMENT_PERCENT: number };
