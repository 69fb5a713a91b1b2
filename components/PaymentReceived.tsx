// Recording a prepayment as received: the contract page and the contract wizard's last step.
import { type FormEvent, useId, useState } from "react";
import { call, client } from "./api.ts";
import { TextField } from "./Field.tsx";
import { errorMessage, type Errors, serverErrors } from "./form.ts";
import { toast, toastError } from "./toast.ts";

/** «Получено, ₽», «Дата» and «Отметить оплату»; `onReceived` runs once the server has taken it. */
export function PaymentReceivedForm({ paymentId, amount, today, className = "row", onReceived }: {
  paymentId: number;
  /** The expected amount in kopecks, the field's first value. */
  amount: number;
  /** The day to offer, YYYY-MM-DD; the browser's day when not given. */
  today?: string;
  className?: string;
  onReceived: () => void | Promise<void>;
}) {
  const id = useId();
  const [sum, setSum] = useState(String(amount / 100).replace(".", ","));
  const [on, setOn] = useState(today ?? new Date().toISOString().slice(0, 10));
  const [errors, setErrors] = useState<Errors>({});

  async function submit(e: FormEvent) {
    e.preventDefault();
    const kopecks = Math.round(Number(sum.replace(/\s/g, "").replace(",", ".")) * 100);
    try {
      await call(
        client.payment[":id"].received.$post({
          param: { id: String(paymentId) },
          json: { amount: kopecks, receivedOn: on },
        }),
      );
      setErrors({});
      toast({ title: "Оплата отмечена", variant: "success" });
      await onReceived();
    } catch (err) {
      setErrors(serverErrors(err));
      toastError(errorMessage(err));
    }
  }

  return (
    <form className={className} onSubmit={submit} noValidate>
      {[
        { name: "amount", label: "Получено, ₽", value: sum, onValue: setSum, inputMode: "decimal" as const },
        { name: "receivedOn", label: "Дата", value: on, onValue: setOn, type: "date" },
      ].map(({ name, ...field }) => (
        <TextField key={name} id={`${id}-${name}`} error={errors[name]} className="input" {...field} />
      ))}
      <button type="submit" className="btn btn-secondary">Отметить оплату</button>
    </form>
  );
}
