// /ruslos/calculator (station selection) and /economy-calculator: GET forms computed on the server, the
// chart an inline SVG; only the «В корзину» buttons of the recommendations are islands.
import { num, Table } from "../../components/Table.tsx";
import type { Context } from "hono";
import { stationProducts, type Storefront } from "../../db/shop.ts";
import {
  type CalculatorInput,
  fittingModels,
  readCalculatorQuery,
  requirement,
  soilKinds,
} from "../../domain/station_calculator.ts";
import {
  compareEconomy,
  economyDefaultNotes,
  type EconomyInput,
  type EconomyResult,
  readEconomyQuery,
} from "../../domain/economy.ts";
import { formatNumber } from "../../domain/format.ts";
import { EmptyState } from "../../components/Card.tsx";
import { Field } from "../../components/Field.tsx";
import type { AppEnv } from "../../server/types.ts";
import { BuyButtons, renderShopNotFound, renderShopPage, rub } from "./_shell.tsx";

export async function calculatorPage(c: Context<AppEnv>, shop: Storefront) {
  const s = shop.settings;
  if (!s.enableCalculator) {
    return renderShopNotFound(c, shop, {
      title: "Подбор станции",
      description: "Подбор станции биологической очистки.",
      text: "Калькулятор подбора выключен",
      icon: "calculator",
      hint: "Позвоните нам — менеджер подберёт станцию по телефону.",
      action: <a className="btn btn-primary" href={`${shop.base}/contacts`}>Контакты</a>,
    });
  }
  const input = readCalculatorQuery(c.req.query());
  const need = requirement(input);
  const fitting = fittingModels(need);
  const onSale = await stationProducts(c.get("deps").db, shop.companyId, fitting.map((m) => m.id));
  const results = fitting.filter((m) => onSale.has(m.id)).map((m) => {
    const product = onSale.get(m.id)!;
    return { model: m, product, total: product.price + m.fullInstallationCost };
  }).sort((a, b) => a.total - b.total);
  const shown = results.slice(0, 12);
  return renderShopPage(c, shop, {
    title: "Подбор станции биологической очистки",
    description:
      "Калькулятор подбора станции по числу жильцов, гостей, грунту, глубине трубы и способу отвода воды.",
    active: "calculator",
    body: (
      <>
        <section className="shop-hero">
          <h1>Подбор станции</h1>
          <p>
            Укажите, как живёт дом, — мы покажем станции из каталога, которые справятся, от самой выгодной.
          </p>
        </section>
        <div className="shop-layout">
          <CalculatorForm input={input} action={`${shop.base}/calculator`} />
          <section aria-label="Подходящие станции">
            <div className="card">
              <h2>Что нужно от станции</h2>
              <ul className="reasons">{need.reasons.map((r) => <li key={r}>{r}</li>)}</ul>
            </div>
            {shown.length === 0
              ? (
                <EmptyState
                  icon="search"
                  text="Подходящих станций в каталоге нет"
                  hint="Уменьшите глубину трубы или позвоните нам: подберём станцию под заказ."
                />
              )
              : (
                <>
                  <p className="muted shop-found">
                    Подходят {formatNumber(results.length)}{" "}
                    моделей{results.length > shown.length ? `, показаны ${shown.length} самых выгодных` : ""}.
                    Цена с монтажом = станция + монтаж под ключ.
                  </p>
                  <ol className="recommendations">
                    {shown.map(({ model: m, product: p, total }) => (
                      <li key={m.id} className="card recommendation">
                        <div>
                          <h3>
                            <a href={`${shop.base}/product/${p.slug}`}>{p.name}</a>
                          </h3>
                          <p className="muted">
                            {formatNumber(m.capacity)} л/сут · залп {formatNumber(m.peakDischarge)}{" "}
                            л · труба до {formatNumber(m.maxDepthConnection)} мм ·{" "}
                            {m.discharge === "forced" ? "принудительный отвод" : "самотёк"}
                          </p>
                        </div>
                        <dl className="recommendation-price">
                          <dt>Станция</dt>
                          <dd className="num">{rub(p.price)}</dd>
                          <dt>Монтаж</dt>
                          <dd className="num">
                            {m.fullInstallationCost > 0 ? rub(m.fullInstallationCost) : "по смете"}
                          </dd>
                          <dt>С монтажом</dt>
                          <dd className="num">
                            <strong>{rub(total)}</strong>
                          </dd>
                        </dl>
                        <div className="recommendation-actions">
                          <BuyButtons
                            shop={shop}
                            productId={p.id}
                            available={p.inStock}
                            installable={s.enableInstallationService}
                          />
                          {!p.inStock && <span className="stock stock-out">Нет в наличии</span>}
                        </div>
                      </li>
                    ))}
                  </ol>
                </>
              )}
          </section>
        </div>
      </>
    ),
  });
}

type Choice = { options: [string, string][] };
type NumberLimits = { inputMode: "numeric" | "decimal"; min: number; max: number; step?: string };

/** The calculator's questions in the order of the form: [query name, label, a choice or a number's limits]. */
const calculatorFields: [string, string, Choice | NumberLimits][] = [
  ["residents", "Постоянно проживают, чел.", { inputMode: "numeric", min: 1, max: 50 }],
  ["guests", "Гостей в пиковые дни, чел.", { inputMode: "numeric", min: 0, max: 30 }],
  ["usage", "Как используется дом", {
    options: [["permanent", "Постоянное проживание"], ["seasonal", "Дача, сезонно"]],
  }],
  ["soil", "Грунт", { options: Object.entries(soilKinds) }],
  ["groundwater", "Грунтовые воды весной", {
    options: [["low", "Глубже 1 м"], ["high", "Ближе 1 м к поверхности"]],
  }],
  ["inletDepth", "Глубина трубы из дома у станции, м", {
    inputMode: "decimal",
    step: "0.1",
    min: 0.3,
    max: 3,
  }],
  ["discharge", "Отвод очищенной воды", {
    options: [["gravity", "Самотёком"], ["forced", "Принудительно (насосом)"]],
  }],
];

/** The value a question of the form shows: the query's, the groundwater as 'high' or 'low'. */
const calculatorValue = (input: CalculatorInput, name: string) =>
  name === "groundwater" ? (input.highGroundwater ? "high" : "low") : input[name as keyof CalculatorInput];

function CalculatorForm({ input, action }: { input: CalculatorInput; action: string }) {
  return (
    <form className="card shop-filters" method="get" action={action}>
      {calculatorFields.map(([name, label, control]) => (
        <Field key={name} id={`k-${name}`} label={label}>
          {"options" in control
            ? (
              <select id={`k-${name}`} name={name} defaultValue={String(calculatorValue(input, name))}>
                {control.options.map(([v, text]) => <option key={v} value={v}>{text}</option>)}
              </select>
            )
            : (
              <input
                id={`k-${name}`}
                name={name}
                type="number"
                {...control}
                defaultValue={Number(calculatorValue(input, name))}
              />
            )}
        </Field>
      ))}
      <div className="form-actions">
        <button className="btn btn-primary" type="submit">Подобрать</button>
      </div>
    </form>
  );
}

const colours = ["var(--danger)", "var(--warning)", "var(--success)"];

/** Cumulative costs over the years as lines; the y axis from 0 to the largest figure. */
function EconomyChart({ result, years }: { result: EconomyResult; years: number }) {
  const w = 640, h = 300, left = 64, right = 16, top = 16, bottom = 36;
  const max = Math.max(...result.options.flatMap((o) => o.cumulative));
  const step = niceStep(max / 4);
  const top2 = Math.ceil(max / step) * step;
  const x = (year: number) => left + (years === 1 ? 0.5 : (year - 1) / (years - 1)) * (w - left - right);
  const y = (v: number) => top + (1 - v / top2) * (h - top - bottom);
  const ticks = Array.from({ length: Math.round(top2 / step) + 1 }, (_, i) => i * step);
  return (
    <figure className="economy-chart">
      <svg viewBox={`0 0 ${w} ${h}`} role="img" aria-labelledby="economy-chart-title">
        <title id="economy-chart-title">Расходы нарастающим итогом по годам</title>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={left} x2={w - right} y1={y(t)} y2={y(t)} stroke="var(--gray-200)" />
            <text x={left - 6} y={y(t) + 4} textAnchor="end" fontSize="13" fill="var(--gray-600)">
              {t >= 1_000_000 ? `${formatNumber(t / 1_000_000)} млн` : `${formatNumber(t / 1000)} тыс`}
            </text>
          </g>
        ))}
        {Array.from({ length: years }, (_, i) => i + 1).map((yr) => (
          <text key={yr} x={x(yr)} y={h - 14} textAnchor="middle" fontSize="13" fill="var(--gray-600)">
            {yr}
          </text>
        ))}
        <text x={(left + w - right) / 2} y={h - 1} textAnchor="middle" fontSize="13" fill="var(--gray-600)">
          год
        </text>
        {result.options.map((o, i) => (
          <polyline
            key={o.label}
            fill="none"
            stroke={colours[i]}
            strokeWidth="3"
            strokeDasharray={i === 1 ? "6 4" : undefined}
            points={o.cumulative.map((v, yr) => `${x(yr + 1).toFixed(1)},${y(v).toFixed(1)}`).join(" ")}
          />
        ))}
        {result.paybackYear && (
          <line
            x1={x(result.paybackYear)}
            x2={x(result.paybackYear)}
            y1={top}
            y2={h - bottom}
            stroke="var(--success)"
            strokeDasharray="2 3"
          />
        )}
      </svg>
      <figcaption className="chart-legend">
        {result.options.map((o, i) => (
          <span key={o.label}>
            <i style={{ background: colours[i] }} aria-hidden="true" />
            {o.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

function niceStep(raw: number) {
  const p = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
  return [1, 2, 5, 10].map((k) => k * p).find((s) => s >= raw) ?? 10 * p;
}

const economyFields: [keyof EconomyInput, string, string][] = [
  ["residents", "Проживающих, чел.", "1"],
  ["years", "Срок, лет (1–15)", "1"],
  ["cesspoolVolume", "Объём выгребной ямы, м³", "0.5"],
  ["tripPrice", "Рейс ассенизатора, ₽", "100"],
  ["cesspoolBuild", "Устройство ямы, ₽", "1000"],
  ["septicBuild", "Простой септик с монтажом, ₽", "1000"],
  ["septicTripsPerYear", "Откачек септика в год", "1"],
  ["tariff", "Тариф, ₽ за кВт·ч", "0.01"],
  ["serviceVisits", "Сервис станции, выездов в год", "1"],
  ["servicePrice", "Один выезд сервиса, ₽", "100"],
];

/** /economy-calculator and /ruslos/economy-calculator. */
export function economyPage(c: Context<AppEnv>, shop: Storefront | null) {
  const input = readEconomyQuery(c.req.query());
  const result = compareEconomy(input);
  const action = shop ? `${shop.base}/economy-calculator` : "/economy-calculator";
  const last = input.years - 1;
  const body = (
    <>
      <section className="shop-hero">
        <h1>Калькулятор экономии</h1>
        <p>
          Сколько семья тратит на выгребную яму, простой септик и станцию биологической очистки за{" "}
          {input.years} {input.years === 1 ? "год" : input.years < 5 ? "года" : "лет"}.
        </p>
      </section>
      <div className="shop-layout">
        <form className="card shop-filters" method="get" action={action}>
          {economyFields.map(([k, label, step]) => (
            <Field key={k} id={`e-${k}`} label={label} hint={economyDefaultNotes[k]}>
              <input
                id={`e-${k}`}
                name={k}
                type="number"
                inputMode="decimal"
                step={step}
                min={0}
                defaultValue={input[k]}
                aria-describedby={`e-${k}-hint`}
              />
            </Field>
          ))}
          <div className="form-actions">
            <button className="btn btn-primary" type="submit">Пересчитать</button>
            <a className="btn btn-ghost" href={action}>Как было</a>
          </div>
        </form>
        <section aria-label="Результат">
          <div className="card economy-summary">
            {result.paybackYear
              ? (
                <p className="economy-payback">
                  Станция окупается по сравнению с выгребной ямой на{" "}
                  <strong>{result.paybackYear}-й год</strong>
                  {result.paybackVsSeptic
                    ? `, по сравнению с простым септиком — на ${result.paybackVsSeptic}-й`
                    : ""}.
                </p>
              )
              : (
                <p className="economy-payback">
                  За {input.years} лет станция не окупается по сравнению с ямой.
                </p>
              )}
            <p className="muted">
              {formatNumber(input.residents)} чел. × 200 л/сут = {result.tripsPerYear}{" "}
              рейсов ассенизатора в год для ямы {formatNumber(input.cesspoolVolume)} м³.
            </p>
          </div>
          <EconomyChart result={result} years={input.years} />
          <div className="card">
            <Table columns={["Вариант", num("Сразу"), num("В год"), num(`За ${input.years} г.`)]}>
              <tbody>
                {result.options.map((o) => (
                  <tr key={o.label}>
                    <td>
                      {o.label}
                      <br />
                      <span className="muted">{o.detail}</span>
                    </td>
                    <td className="num">{rub(o.upfront)}</td>
                    <td className="num">{rub(Math.round(o.yearly))}</td>
                    <td className="num">
                      <strong>{rub(o.cumulative[last])}</strong>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
          <p className="muted">
            Станция в расчёте — {result.station.model} ({result.station.users} чел.,{" "}
            {result.station.energyConsumption}), самая выгодная с монтажом для {input.residents}{" "}
            чел. по нашему каталогу.
          </p>
          {shop && (
            <a className="btn btn-primary" href={`${shop.base}/calculator?residents=${input.residents}`}>
              Подобрать станцию
            </a>
          )}
        </section>
      </div>
    </>
  );
  return { body, input };
}

export function shopEconomyPage(c: Context<AppEnv>, shop: Storefront) {
  const { body } = economyPage(c, shop);
  return renderShopPage(c, shop, {
    title: "Калькулятор экономии: станция, септик или выгребная яма",
    description:
      "Сравните расходы на выгребную яму, простой септик и станцию очистки за 1–15 лет и год окупаемости.",
    active: "economy",
    body,
  });
}
