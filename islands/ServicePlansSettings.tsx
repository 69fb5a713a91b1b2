// Settings «Планы обслуживания»: the company's plans with their visits, rule and prices by
// station size, the typical three added from the price list's service rows, each plan's prices edited or the
// plan taken off sale. The server checks every plan (its rule gives the visits a year it says).
import { useState } from "react";
import { ApiRequestError, call, client } from "../components/api.ts";
import { toast, toastError } from "../components/toast.ts";
import { formatKopecks } from "../domain/format.ts";
import type { ServicePrices, StationSizeBand } from "../domain/service.ts";

export interface PlanJson {
  id: number;
  name: string;
  visitsPerYear: number;
  rrule: string;
  operations: string[];
  priorityCallout: boolean;
  partsDiscountPercent: number;
  prices: ServicePrices;
  archived: boolean;
}

const bands: [StationSizeBand, string][] = [["small", "до 5 чел."], ["medium", "6–10 чел."], [
  "large",
  "11–20 чел.",
]];
const roubles = (kopecks: number) => String(kopecks / 100);

function PlanCard({ plan, onSaved }: { plan: PlanJson; onSaved: (p: PlanJson) => void }) {
  const [editing, setEditing] = useState(false);
  const [prices, setPrices] = useState(plan.prices);
  const [error, setError] = useState<string | null>(null);
  async function save(next: Partial<PlanJson>) {
    setError(null);
    try {
      const { id: _, ...body } = { ...plan, prices, ...next };
      const saved = await call(
        client.service.plans[":id"].$put({ param: { id: String(plan.id) }, json: body }),
      );
      toast({ title: "План сохранён", variant: "success" });
      setEditing(false);
      onSaved(saved);
    } catch (e) {
      const message = e instanceof ApiRequestError ? Object.values(e.errors)[0]?.[0] ?? e.message : String(e);
      setError(message);
      toastError(message);
    }
  }
  const set = (band: StationSizeBand, key: "perVisit" | "perYear", value: string) =>
    setPrices({
      ...prices,
      [band]: { ...prices[band], [key]: Math.round(Number(value.replace(",", ".")) * 100) },
    });
  return (
    <section className={plan.archived ? "card plan-card muted" : "card plan-card"}>
      <header className="card-head">
        <h2 className="card-title">«{plan.name}»{plan.archived ? " — снят с продажи" : ""}</h2>
      </header>
      <p>
        {plan.visitsPerYear} визит(а) в год
        {plan.priorityCallout ? " · приоритетный выезд" : ""}
        {plan.partsDiscountPercent ? ` · скидка на запчасти ${plan.partsDiscountPercent} %` : ""}
      </p>
      <p className="muted small" style={{ overflowWrap: "anywhere" }}>Правило визитов: {plan.rrule}</p>
      <ul className="small">
        {plan.operations.map((o) => <li key={o}>{o}</li>)}
      </ul>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th>Станция</th>
              <th className="num">Визит</th>
              <th className="num">Год</th>
            </tr>
          </thead>
          <tbody>
            {bands.map(([band, label]) => (
              <tr key={band}>
                <td>{label}</td>
                {(["perVisit", "perYear"] as const).map((key) => (
                  <td key={key} className="num">
                    {editing
                      ? (
                        <input
                          aria-label={`${label}, ${key === "perVisit" ? "визит" : "год"}, ₽`}
                          inputMode="decimal"
                          className="input-narrow"
                          defaultValue={roubles(prices[band][key])}
                          onChange={(e) => set(band, key, e.target.value)}
                        />
                      )
                      : formatKopecks(plan.prices[band][key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {error && <p className="field-error" role="alert">{error}</p>}
      <div className="row-actions">
        {editing
          ? (
            <>
              <button type="button" className="btn btn-primary" onClick={() => save({})}>
                Сохранить цены
              </button>
              <button type="button" className="btn btn-ghost" onClick={() => setEditing(false)}>
                Отмена
              </button>
            </>
          )
          : (
            <>
              <button type="button" className="btn btn-secondary" onClick={() => setEditing(true)}>
                Изменить цены
              </button>
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => save({ archived: !plan.archived })}
              >
                {plan.archived ? "Вернуть в продажу" : "Снять с продажи"}
              </button>
            </>
          )}
      </div>
    </section>
  );
}

export default function ServicePlansSettings({ plans: initial }: { plans: PlanJson[] }) {
  const [plans, setPlans] = useState(initial);
  async function addDefaults() {
    try {
      const added = await call(client.service.plans.defaults.$post());
      setPlans([...plans, ...added]);
      toast({ title: "Типовые планы добавлены", variant: "success" });
    } catch (e) {
      toastError(e instanceof Error ? e.message : String(e));
    }
  }
  return (
    <div className="stack-lg">
      <p className="muted">
        План продаётся на объекте со станцией: цена берётся по размеру станции, договор обслуживания
        подписывает клиент по своей ссылке. Цены типовых планов — из раздела «Сервисное обслуживание»
        прайс-листа (А280–А295).
      </p>
      {plans.length === 0 && (
        <button type="button" className="btn btn-primary" onClick={addDefaults}>
          Добавить типовые планы: Стандарт, Премиум, Сезонный
        </button>
      )}
      {plans.map((p) => (
        <PlanCard
          key={p.id}
          plan={p}
          onSaved={(saved) => setPlans(plans.map((x) => x.id === saved.id ? saved : x))}
        />
      ))}
    </div>
  );
}
