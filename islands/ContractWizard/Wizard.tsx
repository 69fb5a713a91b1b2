// The wizard's four tabs: client data → contract preview → payment → completion (spec/3 §2.5, §5, §7, §8). Each
// tab is a component of its own; the state and the API calls are useContractWizard's.
import { DialogHead } from "../../components/Dialog.tsx";
import { ClientStep } from "./ClientStep.tsx";
import { DoneStep } from "./DoneStep.tsx";
import { PaymentStep } from "./PaymentStep.tsx";
import { PreviewStep } from "./PreviewStep.tsx";
import { SignedContract } from "./SignedContract.tsx";
import type { WizardProps } from "./types.ts";
import { useContractWizard, type WizardTab } from "./use_contract_wizard.ts";
import { BusyButton } from "../../components/BusyButton.tsx";

export type { WizardProps } from "./types.ts";

const tabs: { id: WizardTab; label: string }[] = [
  { id: "client", label: "Клиент" },
  { id: "preview", label: "Договор" },
  { id: "payment", label: "Оплата" },
  { id: "done", label: "Завершение" },
];

export default function Wizard(props: WizardProps) {
  const w = useContractWizard(props);
  const { tab, setTab, contract, payment, busy } = w;

  // A signed contract is never made again: reopening shows it, its documents and its prepayment.
  const signed = props.current?.signature ? props.current : null;
  if (signed) return <SignedContract contract={signed} {...props} />;

  return (
    <>
      <DialogHead title="Заключение договора" titleId="contract-wizard-title" onClose={props.onClose}>
        {props.current && !contract && (
          <span className="badge badge-neutral">
            Текущий: №{props.current.contractNumber}, {props.current.signed ? "подписан" : "не подписан"}
          </span>
        )}
      </DialogHead>
      <div className="dialog-body stack">
        <div className="tabs" role="tablist" aria-label="Шаги договора">
          {tabs.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              className="tab"
              aria-selected={tab === t.id}
              disabled={!w.reachable[t.id]}
              onClick={() => setTab(t.id)}
            >
              {t.label}
            </button>
          ))}
        </div>

        {tab === "client" && <ClientStep wizard={w} props={props} />}
        {tab === "preview" && contract && (
          <PreviewStep contract={contract} showItems={w.showItems} onShowItems={w.setShowItems} />
        )}
        {tab === "payment" && payment && <PaymentStep contract={contract} payment={payment} />}
        {tab === "done" && contract && payment && (
          <DoneStep
            contract={contract}
            payment={payment}
            canKeepPayments={props.canKeepPayments}
            onRefresh={() => void w.refresh()}
            onRevoke={() => void w.revoke()}
          />
        )}
      </div>
      <div className="dialog-foot">
        {tab === "client" && (
          <>
            <button type="button" className="btn btn-secondary" onClick={props.onClose}>Отмена</button>
            <BusyButton
              type="submit"
              form="contract-client-form"
              className="btn btn-primary"
              busy={busy}
              busyLabel="Генерация…"
              disabled={!w.ready}
            >
              Сгенерировать договор
            </BusyButton>
          </>
        )}
        {tab === "preview" && (
          <>
            <button type="button" className="btn btn-secondary" onClick={() => setTab("client")}>
              Назад
            </button>
            <BusyButton
              className="btn btn-primary"
              onClick={() => void w.createPayment()}
              busy={busy}
              busyLabel="Создание…"
            >
              Создать платежную ссылку
            </BusyButton>
          </>
        )}
        {tab === "payment" && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => setTab("done")}
          >
            Далее
          </button>
        )}
        {tab === "done" && (
          <button type="button" className="btn btn-primary" onClick={props.onClose}>Готово</button>
        )}
      </div>
    </>
  );
}
