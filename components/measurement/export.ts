// Downloading an estimate's workbook, shared by the measurement screens and the estimates screens. Kept out
// of session.ts so a screen that only exports does not load the measurement form's code.
import { toast } from "../toast.ts";
import { errorMessage } from "../form.ts";

/** Downloads the estimate's workbook with the spec's toasts (`office`: the estimates screen's texts). */
export async function exportEstimate(id: number, office = false): Promise<void> {
  try {
    const res = await fetch(`/api/estimates/${id}/export`, { credentials: "same-origin" });
    if (!res.ok) {
      const body = await res.json().catch(() => null) as { message?: string } | null;
      throw new Error(body?.message ?? `${res.status}`);
    }
    const blob = await res.blob();
    const cd = res.headers.get("Content-Disposition") ?? "";
    const star = /filename\*=UTF-8''([^;]+)/.exec(cd)?.[1];
    const today = new Date().toLocaleDateString("ru-RU");
    const name = star ? decodeURIComponent(star) : `Смета_${id}_${today}.xlsx`;
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    toast({ title: office ? "Экспорт завершен" : "Смета экспортирована в Excel" });
  } catch (error) {
    toast(
      office
        ? {
          title: "Ошибка экспорта",
          description: `Не удалось экспортировать смету в Excel: ${errorMessage(error)}`,
          variant: "destructive",
        }
        : {
          title: "Ошибка экспорта",
          description: "Не удалось экспортировать смету",
          variant: "destructive",
        },
    );
  }
}
