// The object's «Оборудование» tab: «Установленное оборудование» — the
// station, well and pump, added or corrected by hand (serial number, date, a well's data) with the warranty
// card and the well passport as PDF — and «Обслуживание»: a plan sold on the station, its contract sent to the
// client's link, a payment asked with the QR and marked received.
import { useEffect, useId, useState } from "react";
import { type Answer, ApiRequestError, call, client } from "../../components/api.ts";
import { toast, toastError } from "../../components/toast.ts";
import { TextField } from "../../components/Field.tsx";
import { formatKopecks } from "../../domain/format.ts";
import type { EquipmentKind } from "../../domain/service.ts";

/** What GET /api/service/objects/:objectId answers: the equipment, the agreements, the plans and the offer. */
type ServiceData = Answer<typeof client.service.objects[":objectId"]["$get"]>;
type Equipment = ServiceData["equipment"][number];
type Agreement = ServiceData["agreements"][number];

const kindLabels: Record<EquipmentKind, string> = { station: "Станция", well: "Скважина", pump: "Насос" };
const statusLabels: Record<Agreement["status"], string> = {
  draft: "Черновик",
  sent: "Отправлен клиенту",
  signed: "Подписан",
  ended: "Завершён",
};
const day = (iso: string | null) => iso ? iso.split("-").reverse().join(".") : "—";
const numberText = (v: number | null) => v === null ? "" : String(v).replace(".", ",");
const numberOf = (v: string) => v.trim() === "" ? null : Number(v.replace(",", "."));

type Form =
  & Record<
    | "modelName"
    | "serialNumber"
    | "installedOn"
    | "depthM"
    | "casing"
    | "staticLevelM"
    | "dynamicLevelM"
    | "flowRateM3h"
    | "pump",
    string
  >
  & { kind: EquipmentKind; modelCode: string | null };

const formOf = (e?: Equipment): Form => ({
  kind: e?.kind ?? "station",
  modelCode: e?.modelCode ?? null,
  modelName: e?.modelName ?? "",
  serialNumber: e?.serialNumber ?? "",
  installedOn: e?.installedOn ?? "",
  depthM: numberText(e?.depthM ?? null),
  casing: e?.casing ?? "",
  staticLevelM: numberText(e?.staticLevelM ?? null),
  dynamicLevelM: numberText(e?.dynamicLevelM ?? null),
  flowRateM3h: numberText(e?.flowRateM3h ?? null),
  pump: e?.pump ?? "",
});

/** The PDF documents of a piece of equipment: the warranty card of a station or pump, a well's passport. */
export function EquipmentDocuments({ equipment, base }: { equipment: Equipment[]; base: string }) {
  return (
    <ul className="link-list">
      {equipment.map((e) =>
        e.kind === "well"
          ? (
            <li key={e.id}>
              <a href={`${base}/equipment/${e.id}/passport.pdf`} target="_blank" rel="noopener">
                Паспорт скважины (PDF) — {e.modelName}
              </a>
            </li>
          )
          : (
            <li key={e.id}>
              <a href={`${base}/equipment/${e.id}/warranty.pdf`} target="_blank" rel="noopener">
                Гарантийный талон (PDF) — {e.modelName}
              </a>
            </li>
          )
      )}
    </ul>
  );
}

function EquipmentForm({ initial, objectId, onSaved, onCancel }: {
  initial?: Equipment;
  objectId: number;
  onSaved: (e: Equipment) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [form, setForm] = useState<Form>(formOf(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const bind = (name: keyof Omit<Form, "kind" | "modelCode">) => ({
    id: `${id}-${name}`,
    name,
    value: form[name],
    error: errors[name],
    onValue: (value: string) => setForm({ ...form, [name]: value }),
  });
  async function save() {
    setBusy(true);
    setErrors({});
    const body = {
      kind: form.kind,
      modelCode: form.modelCode,
      modelName: form.modelName,
      serialNumber: form.serialNumber,
      installedOn: form.installedOn || null,
      depthM: numberOf(form.depthM),
      casing: form.casing,
      staticLevelM: numberOf(form.staticLevelM),
      dynamicLevelM: numberOf(form.dynamicLevelM),
      flowRateM3h: numberOf(form.flowRateM3h),
      pump: form.pump,
    };
    try {
      const saved = initial
        ? await call(client.service.equipment[":id"].$put({ param: { id: String(initial.id) }, json: body }))
        : await call(
          client.service.objects[":objectId"].equipment.$post({
            param: { objectId: String(objectId) },
            json: body,
          }),
        );
      toast({ title: "Оборудование сохранено", variant: "success" });
      onSaved(saved);
    } catch (e) {
      if (e instanceof ApiRequestError && Object.keys(e.errors).length) {
        setErrors(Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, v[0]])));
      } else toastError(e instanceof Error ? e.message : "Не удалось сохранить");
    } finally {
      setBusy(false);
    }
  }
  const well = form.kind === "well";
  return (
    <form
      className="stack service-form"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-kind`}>Вид</label>
        <select
          id={`${id}-kind`}
          value={form.kind}
          onChange={(e) => setForm({ ...form, kind: e.target.value as EquipmentKind })}
        >
          {Object.entries(kindLabels).map(([k, label]) => <option key={k} value={k}>{label}</option>)}
        </select>
      </div>
      <TextField {...bind("modelName")} label={well ? "Название" : "Модель"} required />
      {!well && <TextField {...bind("serialNumber")} label="Заводской номер" />}
      <TextField
        {...bind("installedOn")}
        type="date"
        label={well ? "Дата окончания бурения" : "Дата установки"}
      />
      {well && (
        <>
          <TextField {...bind("depthM")} inputMode="decimal" label="Глубина, м" />
          <TextField {...bind("casing")} label="Обсадная колонна" />
          <TextField {...bind("staticLevelM")} inputMode="decimal" label="Статический уровень, м" />
          <TextField {...bind("dynamicLevelM")} inputMode="decimal" label="Динамический уровень, м" />
          <TextField {...bind("flowRateM3h")} inputMode="decimal" label="Дебит при пробной откачке, м³/ч" />
          <TextField {...bind("pump")} label="Насос" />
        </>
      )}
      <div className="row-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>Сохранить</button>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>Отмена</button>
      </div>
    </form>
  );
}

function SellPlan({ objectId, data, onSold }: { objectId: number; data: ServiceData; onSold: () => void }) {
  const id = useId();
  const stations = data.equipment.filter((e) => e.kind !== "well");
  const [planId, setPlanId] = useState(String(data.plans[0]?.id ?? ""));
  const [equipmentId, setEquipmentId] = useState(String(stations[0]?.id ?? data.equipment[0]?.id ?? ""));
  const [startsOn, setStartsOn] = useState("");
  const [payMode, setPayMode] = useState<"year" | "visit">("year");
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (data.plans.length === 0) {
    return <p className="muted">Планов обслуживания нет: их задаёт администратор в настройках.</p>;
  }
  if (data.equipment.length === 0) return <p className="muted">Сначала добавьте оборудование.</p>;
  async function sell() {
    setErrors({});
    try {
      await call(client.service.objects[":objectId"].agreements.$post({
        param: { objectId: String(objectId) },
        json: { planId: Number(planId), equipmentId: Number(equipmentId), startsOn, payMode },
      }));
      toast({ title: "Договор обслуживания создан", variant: "success" });
      onSold();
    } catch (e) {
      if (e instanceof ApiRequestError && Object.keys(e.errors).length) {
        setErrors(Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, v[0]])));
      } else toastError(e instanceof Error ? e.message : "Не удалось создать договор");
    }
  }
  return (
    <form
      className="stack service-form"
      onSubmit={(e) => {
        e.preventDefault();
        sell();
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-plan`}>План</label>
        <select id={`${id}-plan`} value={planId} onChange={(e) => setPlanId(e.target.value)}>
          {data.plans.map((p) => (
            <option key={p.id} value={p.id}>{p.name} — {p.visitsPerYear} виз./год</option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-eq`}>Оборудование</label>
        <select id={`${id}-eq`} value={equipmentId} onChange={(e) => setEquipmentId(e.target.value)}>
          {data.equipment.map((e) => <option key={e.id} value={e.id}>{e.modelName}</option>)}
        </select>
      </div>
      <TextField
        id={`${id}-start`}
        type="date"
        label="Начало обслуживания"
        value={startsOn}
        error={errors.startsOn}
        onValue={setStartsOn}
        required
      />
      <div className="field">
        <label htmlFor={`${id}-pay`}>Оплата</label>
        <select
          id={`${id}-pay`}
          value={payMode}
          onChange={(e) => setPayMode(e.target.value as "year" | "visit")}
        >
          <option value="year">За год</option>
          <option value="visit">За каждый визит</option>
        </select>
      </div>
      <button type="submit" className="btn btn-primary">Оформить договор обслуживания</button>
    </form>
  );
}

export default function ServicePanel({ objectId, canEdit }: { objectId: number; canEdit: boolean }) {
  const [data, setData] = useState<ServiceData | null>(null);
  const [editing, setEditing] = useState<Equipment | "new" | null>(null);
  const [selling, setSelling] = useState(false);
  const [qr, setQr] = useState<{ qrCode: string; paymentLink: string; amount: number } | null>(null);
  const load = () =>
    call(client.service.objects[":objectId"].$get({ param: { objectId: String(objectId) } })).then(setData)
      .catch((e) => toastError(e instanceof Error ? e.message : "Не удалось загрузить оборудование"));
  useEffect(() => {
    load();
  }, [objectId]);
  if (data === null) return <div className="skeleton" style={{ height: 80 }} />;

  /** One action on an agreement or a payment: its call, the toast, the tab read again. */
  async function act(done: string, send: () => Promise<unknown>) {
    try {
      await send();
      toast({ title: done, variant: "success" });
      await load();
    } catch (e) {
      toastError(e instanceof Error ? e.message : "Не удалось выполнить");
    }
  }

  return (
    <div className="stack-lg service-panel">
      <section className="stack">
        <div className="card-head">
          <h3 className="card-title">Установленное оборудование</h3>
          {canEdit && editing === null && (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => setEditing("new")}
            >
              Добавить
            </button>
          )}
        </div>
        {editing === "new" && (
          <EquipmentForm
            objectId={objectId}
            onCancel={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              load();
            }}
          />
        )}
        {data.equipment.length === 0
          ? <p className="empty-text empty-inline">Оборудование не записано</p>
          : (
            <ul className="service-list">
              {data.equipment.map((e) =>
                editing !== "new" && editing?.id === e.id
                  ? (
                    <li key={e.id}>
                      <EquipmentForm
                        initial={e}
                        objectId={objectId}
                        onCancel={() => setEditing(null)}
                        onSaved={() => {
                          setEditing(null);
                          load();
                        }}
                      />
                    </li>
                  )
                  : (
                    <li key={e.id} className="service-item">
                      <div>
                        <strong>{kindLabels[e.kind]}: {e.modelName}</strong>
                        <div className="muted">
                          {e.kind === "well"
                            ? `Глубина ${numberText(e.depthM) || "—"} м · дебит ${
                              numberText(e.flowRateM3h) || "—"
                            } м³/ч · ${day(e.installedOn)}`
                            : `№ ${e.serialNumber ?? "не указан"} · установлена ${day(e.installedOn)}`}
                          {e.source === "act" ? " · по акту" : " · вручную"}
                        </div>
                      </div>
                      {canEdit && (
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm"
                          onClick={() => setEditing(e)}
                        >
                          Изменить
                        </button>
                      )}
                    </li>
                  )
              )}
            </ul>
          )}
        <EquipmentDocuments equipment={data.equipment} base="/api/service" />
      </section>
      <section className="stack">
        <div className="card-head">
          <h3 className="card-title">Обслуживание</h3>
          {canEdit && !selling && (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => setSelling(true)}
            >
              Продать план
            </button>
          )}
        </div>
        {data.offer && !selling && (
          <div className="notice notice-info stack service-offer" data-testid="service-offer">
            <p>
              <strong>Работы завершены — предложите клиенту обслуживание</strong> станции{" "}
              {data.offer.station.label}. Клиент видит эти планы на своей странице и может попросить договор.
            </p>
            <ul className="plain-list">
              {data.offer.plans.map((p) => (
                <li key={p.id} className="row">
                  <span>
                    «{p.name}» · {p.visitsPerYear} виз./год · {formatKopecks(p.perYear)} в год или{" "}
                    {formatKopecks(p.perVisit)} за визит
                  </span>
                  {canEdit && (
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      onClick={() =>
                        act(`Черновик договора «${p.name}» создан`, () =>
                          call(client.service.objects[":objectId"].agreements.$post({
                            param: { objectId: String(objectId) },
                            json: {
                              planId: p.id,
                              equipmentId: data.offer!.station.id,
                              startsOn: new Date().toLocaleDateString("sv-SE", { timeZone: "Europe/Moscow" }),
                              payMode: "year",
                            },
                          })))}
                    >
                      Оформить «{p.name}»
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
        {selling && (
          <SellPlan
            objectId={objectId}
            data={data}
            onSold={() => {
              setSelling(false);
              load();
            }}
          />
        )}
        {data.agreements.length === 0
          ? <p className="empty-text empty-inline">Договоров обслуживания нет</p>
          : (
            <ul className="service-list">
              {data.agreements.map((a) => {
                const renewed = data.agreements.some((r) => r.renewsId === a.id && r.status !== "ended");
                const pending = a.payments.find((p) => p.status === "pending");
                const paid = a.payments.filter((p) => p.status === "paid").reduce((s, p) => s + p.amount, 0);
                return (
                  <li key={a.id} className="service-item">
                    <div>
                      <strong>№ {a.number} · «{a.planName}»</strong>
                      <div className="muted">
                        {a.renewsId && "Продление · "}
                        {statusLabels[a.status]} · {day(a.startsOn)}–{day(a.endsOn)} · {a.payMode === "year"
                          ? `${formatKopecks(a.pricePerYear)} в год`
                          : `${formatKopecks(a.pricePerVisit)} за визит`} · получено {formatKopecks(paid)}
                      </div>
                    </div>
                    <div className="row-actions">
                      <a
                        className="btn btn-ghost btn-sm"
                        href={`/api/service/agreements/${a.id}/pdf`}
                        target="_blank"
                      >
                        PDF
                      </a>
                      {canEdit && a.status === "draft" && (
                        <button
                          type="button"
                          className="btn btn-secondary btn-sm"
                          onClick={() =>
                            act("Договор отправлен клиенту", () =>
                              call(
                                client.service.agreements[":id"].send.$post({ param: { id: String(a.id) } }),
                              ))}
                        >
                          Отправить клиенту
                        </button>
                      )}
                      {canEdit && a.status === "signed" && !renewed && (
                        <button
                          type="button"
                          className="btn btn-secondary btn-sm"
                          onClick={() =>
                            act("Договор продлён: следующий год отправлен клиенту на подпись", () =>
                              call(
                                client.service.agreements[":id"].renew.$post({ param: { id: String(a.id) } }),
                              ))}
                        >
                          Продлить
                        </button>
                      )}
                      {canEdit && a.status === "signed" && !pending && (
                        <button
                          type="button"
                          className="btn btn-secondary btn-sm"
                          onClick={() =>
                            act("Счёт с QR выставлен", async () => {
                              const asked = await call(
                                client.service.agreements[":id"].payment.$post({
                                  param: { id: String(a.id) },
                                  json: {},
                                }),
                              );
                              setQr({
                                qrCode: asked.qrCode,
                                paymentLink: asked.paymentLink,
                                amount: asked.amount,
                              });
                            })}
                        >
                          Выставить оплату
                        </button>
                      )}
                      {canEdit && pending && (
                        <button
                          type="button"
                          className="btn btn-primary btn-sm"
                          onClick={() =>
                            act("Оплата отмечена", () =>
                              call(client.service.payments[":id"].received.$post({
                                param: { id: String(pending.id) },
                                json: {
                                  amount: pending.amount,
                                  receivedOn: new Date().toLocaleDateString("sv-SE", {
                                    timeZone: "Europe/Moscow",
                                  }),
                                },
                              })))}
                        >
                          Отметить оплату {formatKopecks(pending.amount)}
                        </button>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        {qr && (
          <div className="service-qr">
            <img src={qr.qrCode} alt="QR-код оплаты" width={180} height={180} />
            <p>
              {formatKopecks(qr.amount)} · ссылка клиента: <a href={qr.paymentLink}>{qr.paymentLink}</a>
            </p>
          </div>
        )}
      </section>
    </div>
  );
}
