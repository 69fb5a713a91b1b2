// The foreman's «Завершить работы» on a project card: the confirmation with the act's figures, then the page
// reloads with the toast.
import { FinishWorks } from "../components/FinishWorks.tsx";
import { toastAfterNavigation } from "../components/toast.ts";
import { formatKopecks } from "../domain/format.ts";

export default function FinishWorksButton({ objectId }: { objectId: number }) {
  return (
    <FinishWorks
      objectId={objectId}
      via="foreman"
      className="btn btn-success"
      onDone={({ act }) => {
        toastAfterNavigation({
          title: act ? `Работы завершены, акт № ${act.actNumber} отправлен клиенту` : "Работы завершены",
          description: act && act.dueAmount > 0
            ? `К оплате по акту: ${formatKopecks(act.dueAmount)}`
            : undefined,
          variant: "success",
        });
        location.reload();
      }}
    />
  );
}
