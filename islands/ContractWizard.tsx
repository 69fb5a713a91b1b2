// «Заключение договора» (the estimating spec's «Contract wizard dialog»): the button and the dialog; the four
// tabs are a chunk of their own, downloaded when the person reaches for the button. `?contract=1` on the page
// opens it at once (the object's card and the field-work screen link here).
import { useEffect, useState } from "react";
import { Dialog, DialogLoadFailed } from "../components/Dialog.tsx";
import { lazyPart } from "../components/lazy.ts";
import type { WizardProps } from "./ContractWizard/Wizard.tsx";

export type ContractWizardProps = Omit<WizardProps, "onClose"> & {
  /** Open on load (the page was reached with ?contract=1). */
  openAtStart?: boolean;
};

const wizard = lazyPart<WizardProps>(() => import("./ContractWizard/Wizard.tsx"), DialogLoadFailed);

export default function ContractWizard(props: ContractWizardProps) {
  const { openAtStart, ...rest } = props;
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (openAtStart) setOpen(true);
  }, []);
  const Body = wizard.component();
  const close = () => setOpen(false);
  return (
    <>
      <button type="button" className="btn btn-primary" onClick={() => setOpen(true)} {...wizard.intent}>
        Заключение договора
      </button>
      <Dialog open={open} onClose={close} titleId="contract-wizard-title" wide className="contract-wizard">
        <Body {...rest} onClose={close} />
      </Dialog>
    </>
  );
}
