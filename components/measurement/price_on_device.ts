// Pricing with no signal: the engine prices the estimate on the phone with the price list the device caches,
// and the request is queued for the server, which generates the estimate of record when the connection returns.
import { toast } from "../toast.ts";
import { enqueueWork, type EstimatePayload, fieldWorkBundle } from "../offline/sync.ts";
import type { StoredEstimate } from "./session_api.ts";

/** The estimate priced on the phone and queued, or null (the task is not cached on the device): said in a toast. */
export async function priceWithoutSignal(
  taskId: number,
  body: { workType: string; workTypes?: string[]; measurements: Record<string, unknown> },
): Promise<StoredEstimate | null> {
  const bundle = await fieldWorkBundle();
  const cached = bundle?.tasks.find((t) => t.id === taskId);
  if (!bundle || !cached) {
    toast({
      title: "Нет связи",
      description:
        "Для расчета без связи откройте кабинет замерщика при связи: задача еще не сохранена на устройстве.",
      variant: "destructive",
    });
    return null;
  }
  // The engine is a script of its own, downloaded only now (the service worker caches it for offline).
  const { priceOnDevice } = await import(bundle.engineUrl) as typeof import("../offline/engine.ts");
  const priced = priceOnDevice(bundle, cached, body.measurements, {
    at: new Date(),
    workType: body.workType,
    workTypes: body.workTypes,
  });
  const payload: EstimatePayload = {
    body,
    estimate: priced,
    deviceTotal: priced.totalAmount,
    priceListId: bundle.priceList?.id ?? null,
  };
  await enqueueWork("estimate", taskId, payload);
  toast({
    title: "Смета рассчитана на устройстве",
    description: "Не сохранена: отправится на сервер, когда появится связь.",
  });
  return { ...priced, id: 0, onDevice: true };
}
