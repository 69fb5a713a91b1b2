// The contract wizard's state and its calls: the client's form (a contract already made is its starting
// point), generating the contract, the prepayment's link, the contract's state again and revoking the link.
import { useState } from "react";
import { call, client } from "../../components/api.ts";
import { toast, toastError } from "../../components/toast.ts";
import { errorMessage, serverErrors } from "../../components/form.ts";
import { contractDataSchema, DEFAULT_PREPAYMENT, prepaymentAmount } from "../../domain/contracts.ts";
import type { ContractForm, ContractState, PaymentState, WizardProps } from "./types.ts";

export type WizardTab = "client" | "preview" | "payment" | "done";

export function useContractWizard(props: WizardProps) {
  const { estimate } = props;
  const [tab, setTab] = useState<WizardTab>("client");
  // A contract already made for the object is the starting point: generating again makes its next version.
  const [form, setForm] = useState<ContractForm>(() => {
    const d = props.current?.contractData ?? {};
    return {
      CLIENT_NAME: d.CLIENT_NAME ?? props.client.name,
      CLIENT_PHONE: d.CLIENT_PHONE ?? props.client.phone,
      CLIENT_PASSPORT: d.CLIENT_PASSPORT ?? "",
      CLIENT_ADDRESS: d.CLIENT_ADDRESS ?? props.client.legalAddress,
      CONTRACT_NUMBER: d.CONTRACT_NUMBER ?? "",
      OBJECT_ADDRESS: d.OBJECT_ADDRESS ?? props.client.objectAddress,
      CITY: d.CITY ?? props.client.city,
      PREPAYMENT_PERCENT: Number(d.PREPAYMENT_PERCENT) || DEFAULT_PREPAYMENT,
    };
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [contract, setContract] = useState<ContractState | null>(null);
  const [payment, setPayment] = useState<PaymentState | null>(null);
  const [showItems, setShowItems] = useState(true);
  const [busy, setBusy] = useState(false);

  const set = (key: keyof ContractForm, value: string | number) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: "" }));
  };
  const organisation = props.client.kind === "organisation";
  const ready = (organisation || form.CLIENT_PASSPORT.trim() !== "") && form.CLIENT_ADDRESS.trim() !== "";
  const prepayment = prepaymentAmount(estimate.totalAmount, form.PREPAYMENT_PERCENT);
  const reachable: Record<WizardTab, boolean> = {
    client: true,
    preview: contract !== null,
    payment: payment !== null,
    done: payment !== null,
  };

  async function generate(e: React.FormEvent) {
    e.preventDefault();
    const parsed = contractDataSchema.safeParse({ ...form, CLIENT_KIND: props.client.kind });
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const issue of parsed.error.issues) out[String(issue.path[0])] ??= issue.message;
      setErrors(out);
      return;
    }
    setBusy(true);
    try {
      const res = await call(client.contracts.generate.$post({
        json: {
          templateId: `${props.workType}_contract`,
          contractData: { ...form, CLIENT_KIND: props.client.kind },
          objectId: props.objectId,
          estimateData: { id: estimate.id },
        },
      }));
      setContract(res.contract);
      setPayment(null);
      toast({ title: "Договор сгенерирован", variant: "success" });
      setTab("preview");
    } catch (err) {
      const fields = serverErrors(err);
      setErrors(
        Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^contractData\./, ""), v])),
      );
      toastError(`Не удалось сгенерировать договор: ${errorMessage(err)}`, "Ошибка");
    } finally {
      setBusy(false);
    }
  }

  async function createPayment() {
    if (!contract) return;
    setBusy(true);
    try {
      const res = await call(client.payment.generate.$post({
        json: {
          amount: contract.prepaymentAmount,
          description: `Предоплата ${contract.prepaymentPercent} % по договору №${contract.contractNumber}`,
          objectId: props.objectId,
          contractId: contract.id,
          showItems,
        },
      }));
      setPayment(res);
      toast({ title: "Платежная ссылка создана", variant: "success" });
      setTab("payment");
    } catch (err) {
      toastError(`Не удалось создать платежную ссылку: ${errorMessage(err)}`, "Ошибка");
    } finally {
      setBusy(false);
    }
  }

  async function refresh() {
    if (!contract) return;
    try {
      setContract(await call(client.contracts[":id"].$get({ param: { id: String(contract.id) } })));
    } catch (err) {
      toastError(errorMessage(err));
    }
  }

  async function revoke() {
    if (!payment) return;
    try {
      await call(client.contracts.links[":id"].revoke.$post({ param: { id: String(payment.linkId) } }));
      toast({ title: "Ссылка отозвана", description: "Клиент больше не сможет её открыть" });
    } catch (err) {
      toastError(errorMessage(err));
    }
  }

  return {
    tab,
    setTab,
    form,
    set,
    errors,
    organisation,
    ready,
    prepayment,
    reachable,
    contract,
    payment,
    showItems,
    setShowItems,
    busy,
    generate,
    createPayment,
    refresh,
    revoke,
  };
}

export type ContractWizardState = ReturnType<typeof useContractWizard>;
