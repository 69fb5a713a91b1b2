import type { Context } from "hono";
import { vatLine } from "../estimating/enums.ts";
import { discountJson, getEstimate } from "../db/estimates.ts";
import { estimateDocumentParts } from "../db/estimate_documents.ts";
import { getEstimateVersion, listEstimateVersions } from "../db/estimate_versions.ts";
import { listEstimateChanges } from "../db/estimate_edits.ts";
import { displayName, formatDateTime, formatKopecks } from "../domain/format.ts";
import { estimateStatusLabels, labelOf, workTypeLabels } from "../domain/labels.ts";
import { canEditEstimate } from "../domain/estimate_status.ts";
import { Island } from "../server/island.tsx";
import { companyScope, currentUser } from "../server/middleware/guard.ts";
import type { AppEnv } from "../server/types.ts";
import { positiveInt } from "../server/query.ts";
import EstimateActions from "../islands/EstimateActions.tsx";
import EstimateEditor from "../islands/EstimateEditor.tsx";
import { EstimateView } from "../components/measurement/EstimateView.tsx";
import { EstimatePrint } from "../components/EstimatePrint.tsx";
import { EstimateAlerts } from "../components/EstimateAlerts.tsx";
import { notFoundPage } from "./_errors.tsx";
import { renderWorkPage } from "./_page.tsx";
import { renderPage } from "../server/render.tsx";
import { isEquipmentPriceNote } from "../estimating/catalogue/equipment_price.ts";
import { Card } from "../components/Card.tsx";
import ContractWizard from "../islands/ContractWizard.tsx";
import { contractObject, currentContract } from "../db/contracts.ts";
import { bankLine, requisitesLine } from "../domain/contract_text.ts";
import { contractJson } from "../server/contract_json.ts";
import { contractMakerRoles, paymentKeeperRoles } from "../domain/contracts.ts";
import { hasRole } from "../domain/roles.ts";
import { ContractState } from "../components/ContractState.tsx";
import { estimateDecisionsOf } from "../db/quotes.ts";
import { quoteDecisionLabels } from "../domain/client_links.ts";

/** `?version=N` of the request, when it names one. */
function versionOf(c: Context<AppEnv>): number | undefined {
  return positiveInt(c.req.query("version"));
}

async function estimateOf(c: Context<AppEnv>) {
  const user = currentUser(c);
  const id = positiveInt(c.req.param("id"));
  if (id === undefined) return null;
  const version = versionOf(c);
  const scope = companyScope(user);
  return version
    ? await getEstimateVersion(c.get("deps").db, scope, id, version)
    : await getEstimate(c.get("deps").db, scope, id);
}

/**
 * /estimates/:id: the estimate with its details, the client's and the internal documents, status actions,
 * the editor (for editors; read-only for the others and for an earlier version, `?version=N`), the
 * versions and the change log.
 */
export default async function estimatePage(c: Context<AppEnv>) {
  const user = currentUser(c);
  const e = await estimateOf(c);
  if (!e) return notFoundPage(c);
  const { db } = c.get("deps");
  const scope = companyScope(user);
  // The estimate as it stands: the one read already unless an earlier version was asked for.
  const current = versionOf(c) ? await getEstimate(db, scope, e.id) : e;
  const isCurrent = current !== null && current.version === e.version;
  const [versions, changes, decisions] = await Promise.all([
    listEstimateVersions(db, scope, current ?? e),
    isCurrent ? listEstimateChanges(db, scope, e.id) : Promise.resolve([]),
    estimateDecisionsOf(db, scope, e.id),
  ]);
  const [object, contract] = hasRole(user.role, contractMakerRoles)
    ? await Promise.all([
      contractObject(db, scope, e.objectId),
      currentContract(db, scope, e.objectId),
    ])
    : [null, null];
  const author = e.authorFirstName || e.authorLastName
    ? displayName({ firstName: e.authorFirstName, lastName: e.authorLastName })
    : "—";
  const editable = isCurrent && canEditEstimate(user.role);
  // The basis and the margin of the station's price: for the company, never the client.
  const equipmentNote = e.notes.find(isEquipmentPriceNote)?.replace(/^[^:]*:\s*/, "");
  return renderWorkPage(c, {
    title: `Смета ${e.estimateNumber}`,
    subtitle: e.templateName ?? undefined,
    body: (
      <div className="stack-lg">
        <Card>
          <div className="stack">
            {isCurrent
              ? (
                <Island
                  component={EstimateActions}
                  props={{ id: e.id, status: e.status, role: user.role, alerts: e.alerts }}
                />
              )
              : (
                <div className="row est-page-actions">
                  <span className="badge badge-neutral">{`Версия ${e.version} · только чтение`}</span>
                  <a
                    className="btn btn-secondary"
                    href={`/api/estimates/${e.id}/export?version=${e.version}`}
                    download
                  >
                    Excel для клиента
                  </a>
                  <a className="btn btn-ghost" href={`/estimates/${e.id}`}>К текущей версии</a>
                </div>
              )}
            {decisions.length > 0 && (
              <section className="stack" data-testid="quote-decisions" aria-label="Согласование с клиентом">
                {decisions.slice(0, 5).map((d) => (
                  <p
                    key={d.id}
                    className={`notice ${d.decision === "approved" ? "notice-success" : "notice-warning"}`}
                  >
                    <strong>{quoteDecisionLabels[d.decision]}</strong>{" "}
                    {`(версия ${d.estimateVersion}): ${d.byName}${
                      d.byUserId !== null ? " (сотрудник)" : ""
                    }, ${formatDateTime(d.createdAt)}`}
                    {d.comment && <>{" — «"}{d.comment}{"»"}</>}
                  </p>
                ))}
              </section>
            )}
            <EstimateAlerts
              alerts={e.alerts}
              confirmation={e.alertsConfirmed?.length
                ? {
                  alerts: e.alertsConfirmed,
                  at: e.alertsConfirmedAt,
                  byName: e.confirmerFirstName || e.confirmerLastName
                    ? displayName({ firstName: e.confirmerFirstName, lastName: e.confirmerLastName })
                    : null,
                }
                : null}
            />
            {object && (
              <Island
                component={ContractWizard}
                props={{
                  objectId: object.id,
                  workType: object.workType,
                  estimate: { id: e.id, estimateNumber: e.estimateNumber, totalAmount: e.totalAmount },
                  client: {
                    name: object.clientName ?? "",
                    phone: object.clientPhone ?? "",
                    objectAddress: object.address,
                    city: object.city ?? object.settlement ?? "",
                    kind: object.clientKind,
                    legalAddress: object.legalAddress ?? "",
                    requisites: object.clientKind === "organisation"
                      ? [requisitesLine(object), bankLine(object)].filter(Boolean).join("; ")
                      : "",
                  },
                  current: contract && contractJson(contract),
                  canKeepPayments: hasRole(user.role, paymentKeeperRoles),
                  openAtStart: c.req.query("contract") === "1",
                }}
              />
            )}
            <dl className="details">
              <dt>Объект</dt>
              <dd>
                <a href={`/objects?objectId=${e.objectId}`}>{e.objectAddress}</a>
              </dd>
              <dt>Тип работ</dt>
              <dd>{labelOf(workTypeLabels, e.objectWorkType)}</dd>
              <dt>Клиент</dt>
              <dd>{[e.objectClientName, e.objectClientPhone].filter(Boolean).join(", ") || "Не указан"}</dd>
              <dt>Составил</dt>
              <dd>{author}</dd>
              <dt>Создана</dt>
              <dd>{formatDateTime(e.createdAt)}</dd>
              {equipmentNote && (
                <>
                  <dt>Цена оборудования</dt>
                  <dd data-testid="equipment-price-note">{equipmentNote}</dd>
                </>
              )}
              {contract && (
                <>
                  <dt>Договор</dt>
                  <dd className="row">
                    <a href={`/contracts/${contract.id}`}>
                      № {contract.contractNumber}, версия {contract.version}
                    </a>
                    <ContractState contract={contract} />
                  </dd>
                </>
              )}
              {
                // With the editor the total lives in its table, where it follows each change.
                !editable && (
                  <>
                    <dt>Сумма</dt>
                    <dd className="money">
                      <strong>{formatKopecks(e.totalAmount)}</strong>
                    </dd>
                  </>
                )
              }
            </dl>
          </div>
        </Card>
        <Card title={editable ? "Позиции сметы — редактирование" : "Позиции сметы"}>
          {editable
            ? (
              <Island
                component={EstimateEditor}
                props={{
                  estimate: {
                    id: e.id,
                    status: e.status,
                    items: e.items.map((i) => ({
                      id: i.id,
                      section: i.section,
                      articleCode: i.articleCode,
                      name: i.name,
                      unit: i.unit,
                      quantity: i.quantity,
                      pricePerUnit: i.pricePerUnit,
                      totalPrice: i.totalPrice,
                    })),
                    itemsTotal: e.itemsTotal,
                    discount: discountJson(e),
                    discountAmount: e.discountAmount,
                    vatMode: e.vatMode,
                    vatAmount: e.vatAmount,
                    totalAmount: e.totalAmount,
                    clientNote: e.clientNote,
                    internalNote: e.internalNote,
                  },
                  changes: changes.map((ch) => ({ ...ch, createdAt: ch.createdAt.toISOString() })),
                }}
              />
            )
            : (
              <EstimateView
                estimate={{
                  estimateNumber: e.estimateNumber,
                  templateName: e.templateName,
                  items: e.items,
                  totalAmount: e.totalAmount,
                  vatAmount: e.vatAmount,
                  vat: { ...vatLine(e.vatMode), amount: e.vatAmount },
                  notes: e.notes,
                }}
              />
            )}
        </Card>
        {versions.length > 1 && (
          <Card title="Версии">
            <ul className="ed-versions" data-testid="estimate-versions">
              {versions.map((v) => (
                <li key={v.version}>
                  <span>
                    {v.version === e.version
                      ? <strong>{`Версия ${v.version}: ${v.estimateNumber}`}</strong>
                      : (
                        <a
                          href={v.current ? `/estimates/${e.id}` : `/estimates/${e.id}?version=${v.version}`}
                        >
                          {`Версия ${v.version}: ${v.estimateNumber}`}
                        </a>
                      )}{" "}
                    <span className="muted">
                      {formatDateTime(v.createdAt)} · {estimateStatusLabels[v.status].label}
                    </span>
                  </span>
                  <span className="row">
                    <span className="money">{formatKopecks(v.totalAmount)}</span>
                    <a
                      className="btn btn-ghost btn-sm"
                      href={`/api/estimates/${e.id}/export${v.current ? "" : `?version=${v.version}`}`}
                      download
                    >
                      Excel
                    </a>
                  </span>
                </li>
              ))}
            </ul>
          </Card>
        )}
        <p>
          <a href="/estimates">← Все сметы</a>
        </p>
      </div>
    ),
  });
}

/** /estimates/:id/print: the client's printable estimate (no internal data), `?version=N` for an earlier one. */
export async function estimatePrintPage(c: Context<AppEnv>) {
  const e = await estimateOf(c);
  if (!e) return notFoundPage(c);
  const parts = await estimateDocumentParts(c.get("deps").db, e);
  return renderPage(c, {
    title: `Смета ${e.estimateNumber}`,
    bodyClass: "print-page",
    body: <EstimatePrint estimate={e} parts={parts} />,
  });
}
