import type { Context } from "hono";
import { linkView, recordLinkOpened } from "../db/client_links.ts";
import { openLink, paymentQr } from "../server/client_links.ts";
import { renderPage } from "../server/render.tsx";
import { Island } from "../server/island.tsx";
import type { AppEnv } from "../server/types.ts";
import { formatDate, formatDateTime, formatKopecks } from "../domain/format.ts";
import { labelOf, workTypeLabels } from "../domain/labels.ts";
import { amountInWords } from "../domain/amount_words.ts";
import { paymentPurpose } from "../domain/contracts.ts";
import { requisitesFields, requisitesText } from "../domain/payment_qr.ts";
import { finalPaymentPurpose } from "../domain/ledger.ts";
import { objectLedger } from "../db/ledger.ts";
import PaymentRequisites from "../islands/PaymentRequisites.tsx";
import { Card } from "../components/Card.tsx";
import { ClientEstimateView } from "../components/ClientEstimateView.tsx";
import { clientNextStep, supersededMessage } from "../domain/client_links.ts";
import { taskStatusLabels } from "../domain/labels.ts";
import ClientContract from "../islands/ClientContract.tsx";
import ClientServiceAgreements from "../islands/ClientServiceAgreements.tsx";
import { equipmentLabel, linkService, serviceOffer } from "../db/service.ts";
import VisitSignature from "../islands/VisitSignature.tsx";
import { VisitReportView } from "../components/VisitReport.tsx";
import { objectVisitReports } from "../db/service_visits.ts";
import ClientAct from "../islands/ClientAct.tsx";
import { linkAct } from "../db/acts.ts";
import ClientAgreement from "../islands/ClientAgreement.tsx";
import { linkAgreement } from "../db/job_changes.ts";
import { agreementLineChange, agreementTitle } from "../domain/job_changes.ts";
import { objectInvoices } from "../db/invoices.ts";
import { scopeOf } from "../db/scope.ts";
import { ACT_TITLE, type ActContent } from "../domain/acts.ts";
import { signatureState } from "../domain/client_signature.ts";
import { clientEstimate } from "../estimating/client_view.ts";

function closedPage(c: Context<AppEnv>, status: 404 | 410) {
  return renderPage(c, {
    title: status === 410 ? "Ссылка больше не действует" : "Ссылка не найдена",
    bodyClass: "client-page",
    body: (
      <main className="client-layout">
        <Card>
          <h1 className="client-title">
            {status === 410 ? "Ссылка больше не действует" : "Ссылка не найдена"}
          </h1>
          <p>
            {status === 410
              ? "Срок действия ссылки истёк или компания её отозвала. Попросите у компании новую ссылку."
              : "Проверьте, что ссылка скопирована полностью."}
          </p>
        </Card>
      </main>
    ),
  }, status);
}

/** /c/:token: the client's private page — estimate, contract, prepayment QR, acceptance and signature. */
export default async function clientLinkPage(c: Context<AppEnv>) {
  const state = await openLink(c, c.req.param("token") ?? "");
  if ("status" in state) return closedPage(c, state.status);
  const { db, now } = c.get("deps");
  const [v, service, act, agreement, invoices, money] = await Promise.all([
    linkView(db, state.link),
    linkService(db, state.link),
    linkAct(db, state.link),
    linkAgreement(db, state.link),
    objectInvoices(db, scopeOf(state.link.companyId), state.link.objectId),
    objectLedger(db, scopeOf(state.link.companyId), state.link.objectId),
  ]);
  if (!v.object || !v.company) return closedPage(c, 404);
  await recordLinkOpened(db, state.link, v.object.address, now());
  c.header("Cache-Control", "private, no-store");
  const token = c.req.param("token")!;
  const { contract, estimate, company, superseded } = v;
  // A replaced version's prepayment is not asked for any more; one already received is still shown.
  const payment = superseded && v.payment?.status !== "paid" ? null : v.payment;
  const user = c.get("user");
  const final = payment?.kind === "final";
  const purpose = !contract
    ? ""
    : final
    ? finalPaymentPurpose(contract.contractNumber, contract.createdAt)
    : paymentPurpose(contract.contractNumber, contract.createdAt);
  const qr = payment && payment.status !== "cancelled" ? await paymentQr(payment.qrPayload) : null;
  const next = clientNextStep({
    superseded: Boolean(superseded),
    hasEstimate: Boolean(estimate),
    accepted: Boolean(state.link.acceptedAt),
    hasContract: Boolean(contract),
    signed: Boolean(contract?.signature),
    due: payment?.status === "pending" ? payment.amount : null,
    actToSign: act !== null && signatureState(act) === "awaiting",
    finalDue: final,
    actSigned: act?.signedAt && money ? { owed: money.ledger.owed } : undefined,
  });
  const contacts = v.contacts;
  // The reports of the object's service visits, each signed here by the client.
  const [visits, offer] = await Promise.all([
    objectVisitReports(db, state.link.companyId, state.link.objectId),
    serviceOffer(db, state.link.companyId, state.link.objectId),
  ]);
  return renderPage(c, {
    title: contract ? `Договор № ${contract.contractNumber}` : "Смета",
    bodyClass: "client-page",
    body: (
      <main className="client-layout stack-lg">
        <header className="client-head">
          <p className="muted small">Персональная ссылка клиента</p>
          <h1 className="client-title">{company.name}</h1>
          <p className="muted">
            {[v.contacts?.phone, v.contacts?.email].filter(Boolean).join(" · ")}
          </p>
        </header>
        <nav className="client-jump" aria-label="Разделы">
          {estimate && <a href="#client-estimate">Смета</a>}
          {contract && <a href="#client-contract">Договор</a>}
          {agreement && <a href="#client-agreement">Доп. соглашение</a>}
          {act && <a href="#client-act">Акт</a>}
          {payment && <a href="#client-payment">Оплата</a>}
          {contract && !superseded && (
            <a href="#client-sign">{contract.signature ? "Подпись" : "Подписать"}</a>
          )}
          {visits.length > 0 && <a href="#client-service">Обслуживание</a>}
        </nav>
        <section
          className={`notice ${next.done ? "notice-success" : "notice-info"} client-next`}
          aria-label="Что дальше"
          data-testid="next-step"
        >
          <h2 className="client-next-title">Что дальше</h2>
          <p>{next.text}</p>
          {next.anchor && <a className="btn btn-primary" href={next.anchor}>Перейти</a>}
        </section>
        {superseded && (
          <p className="notice notice-warning" role="status" data-testid="superseded">
            {supersededMessage(superseded)}
          </p>
        )}
        {payment && contract && money && (
          // The contract's total with the agreed changes and what was received: the ledger's figures.
          <p className="client-summary">
            {payment.status === "pending"
              ? (
                <>
                  К оплате сейчас: <strong className="money">{formatKopecks(payment.amount)}</strong>
                </>
              )
              : (
                <>
                  Оплачено: <strong className="money">{formatKopecks(money.ledger.received)}</strong>
                </>
              )} из {formatKopecks(money.ledger.due)} по договору
          </p>
        )}
        <Card title="Объект">
          <dl className="details">
            <dt>Адрес</dt>
            <dd>{v.object.address}</dd>
            <dt>Вид работ</dt>
            <dd>{labelOf(workTypeLabels, v.object.workType)}</dd>
            {contract && (
              <>
                <dt>Заказчик</dt>
                <dd>{contract.contractData.CLIENT_NAME}</dd>
              </>
            )}
          </dl>
        </Card>
        {estimate && (
          <div id="client-estimate">
            <Card title={`Смета № ${estimate.estimateNumber}`}>
              <ClientEstimateView estimate={estimate} showItems={state.link.showItems} />
            </Card>
          </div>
        )}
        {contract && (
          <div id="client-contract">
            <Card title={`Договор № ${contract.contractNumber}`} className="client-contract">
              <p className="muted small">
                Версия {contract.version} от {formatDateTime(contract.createdAt)}. Сумма договора{" "}
                {formatKopecks(contract.totalAmount)} ({amountInWords(contract.totalAmount)}).
              </p>
              <pre
                className="contract-text"
                tabIndex={0}
                aria-label="Текст договора"
              >{contract.contractText}</pre>
              <p className="row">
                <a className="btn btn-secondary btn-sm" href={`/api/client-links/${token}/contract.pdf`}>
                  Скачать PDF
                </a>
                <a className="btn btn-secondary btn-sm" href={`/api/client-links/${token}/contract.docx`}>
                  Скачать DOCX
                </a>
              </p>
            </Card>
          </div>
        )}
        {agreement?.content && (
          <div id="client-agreement" className="stack">
            <Card title={agreementTitle(agreement.content)} className="client-agreement">
              <ol className="stack">
                {agreement.content.lines.map((l, i) => (
                  <li key={i}>
                    <strong>{l.name}</strong>: {agreementLineChange(l)},{" "}
                    <span className="money">{formatKopecks(l.oldTotal)} → {formatKopecks(l.newTotal)}</span>
                    <br />
                    <span className="muted small">Причина: {l.reason}</span>
                  </li>
                ))}
              </ol>
              <p>
                Цена работ: <span className="money">{formatKopecks(agreement.content.oldTotal)}</span> →{" "}
                <strong className="money" data-testid="agreement-new-total">
                  {formatKopecks(agreement.content.newTotal)}
                </strong>
              </p>
              <p className="row">
                <a className="btn btn-secondary btn-sm" href={`/api/client-links/${token}/agreement.pdf`}>
                  Скачать соглашение (PDF)
                </a>
              </p>
            </Card>
            <Island
              component={ClientAgreement}
              props={{
                token,
                title: agreementTitle(agreement.content),
                signed: agreement.signedAt && agreement.signerName
                  ? { name: agreement.signerName, at: agreement.signedAt.toISOString() }
                  : null,
                refused: agreement.refusedAt
                  ? { comment: agreement.refusalComment ?? "", at: agreement.refusedAt.toISOString() }
                  : null,
                clientName: agreement.content.customer,
              }}
            />
          </div>
        )}
        {act?.content && (
          <div id="client-act" className="stack">
            <Card title={`${ACT_TITLE} № ${act.content.actNumber}`} className="client-act">
              <ActView act={act.content} />
              <p className="row">
                <a className="btn btn-secondary btn-sm" href={`/api/client-links/${token}/act.pdf`}>
                  Скачать акт (PDF)
                </a>
              </p>
            </Card>
            <Island
              component={ClientAct}
              props={{
                token,
                actNumber: act.content.actNumber,
                signed: act.signedAt && act.signerName
                  ? { name: act.signerName, at: act.signedAt.toISOString() }
                  : null,
                refused: act.refusedAt
                  ? { comment: act.refusalComment ?? "", at: act.refusedAt.toISOString() }
                  : null,
                clientName: act.content.customer,
              }}
            />
          </div>
        )}
        {payment && contract && (
          <div id="client-payment">
            <Card title={final ? "Окончательный расчёт" : "Предоплата"} className="client-payment">
              <p className="client-amount money">
                <strong>{formatKopecks(payment.amount)}</strong>
                <span className="muted small">
                  {final
                    ? `остаток от суммы договора ${formatKopecks(money?.ledger.due ?? contract.totalAmount)}`
                    : `${contract.prepaymentPercent} % от суммы договора`}
                </span>
              </p>
              {payment.status === "cancelled"
                ? (
                  <p className="notice notice-warning" data-testid="payment-state">
                    Этот счёт заменён новым: попросите у компании актуальную ссылку на оплату.
                  </p>
                )
                : payment.status === "paid"
                ? (
                  <p className="badge badge-success" data-testid="payment-state">
                    Оплата получена {payment.receivedAt ? formatDateTime(payment.receivedAt) : ""}
                  </p>
                )
                : (
                  <p data-testid="payment-state">
                    <span className="badge badge-warning">Ожидает оплаты</span>
                  </p>
                )}
              {qr && (
                <figure className="client-qr">
                  <img src={qr} width={240} height={240} alt="QR-код для оплаты в приложении банка" />
                  <figcaption className="muted small">
                    Откройте приложение банка → «Оплата по QR» и наведите камеру на код.
                  </figcaption>
                </figure>
              )}
              {payment.status !== "cancelled" && (
                <Island
                  component={PaymentRequisites}
                  props={{
                    fields: requisitesFields(company, { sum: payment.amount, purpose }),
                    qrFileUrl: payment.status === "pending" ? `/api/client-links/${token}/qr.png` : null,
                  }}
                />
              )}
            </Card>
          </div>
        )}
        {v.payments.length > 0 && (
          <Card title="Платежи">
            <ul className="client-list" data-testid="payments">
              {v.payments.map((p) => (
                <li key={p.id}>
                  <span>{p.description} от {formatDate(p.createdAt)}</span>
                  <span className="money">{formatKopecks(p.receivedAmount ?? p.amount)}</span>
                  <span className={`badge ${p.status === "paid" ? "badge-success" : "badge-warning"}`}>
                    {p.status === "paid"
                      ? `получен ${p.receivedAt ? formatDate(p.receivedAt) : ""}`.trim()
                      : p.status === "cancelled"
                      ? "отменён"
                      : "ожидает оплаты"}
                  </span>
                </li>
              ))}
            </ul>
          </Card>
        )}
        {v.visits.length > 0 && (
          <Card title="Выезды и работы">
            <ul className="client-list" data-testid="visits">
              {v.visits.map((visit, i) => (
                <li key={i}>
                  <span>{visit.title}</span>
                  <span>{formatDate(visit.dueDate)}</span>
                  <span className="badge">{labelOf(taskStatusLabels, visit.status)}</span>
                </li>
              ))}
            </ul>
          </Card>
        )}
        {contract && (
          <Card title="Документы">
            <ul className="client-list">
              <li>
                <span>Договор № {contract.contractNumber}, версия {contract.version}</span>
                <a className="btn btn-secondary btn-sm" href={`/api/client-links/${token}/contract.pdf`}>
                  PDF
                </a>
              </li>
              {agreement?.content && (
                <li>
                  <span>{agreementTitle(agreement.content)}</span>
                  <a className="btn btn-secondary btn-sm" href={`/api/client-links/${token}/agreement.pdf`}>
                    PDF
                  </a>
                </li>
              )}
              {act?.content && (
                <li>
                  <span>Акт № {act.content.actNumber}</span>
                  <a className="btn btn-secondary btn-sm" href={`/api/client-links/${token}/act.pdf`}>
                    PDF
                  </a>
                </li>
              )}
              {(invoices ?? []).map((invoice) => (
                <li key={invoice.id} data-testid="client-invoice">
                  <span>
                    {`Счёт № ${invoice.number} от ${formatDate(invoice.createdAt)} на `}
                    <span className="money">{formatKopecks(invoice.amount)}</span>{" "}
                    <span className="muted small">(с QR-кодом для оплаты)</span>
                  </span>
                  <a
                    className="btn btn-secondary btn-sm"
                    href={`/api/client-links/${token}/invoices/${invoice.id}/pdf`}
                  >
                    PDF
                  </a>
                </li>
              ))}
              {v.object.clientKind === "organisation" && act?.signedAt && (
                <li data-testid="client-ks">
                  <span>КС-2 и КС-3 к акту № {act.content?.actNumber}</span>
                  <span className="client-doc-links">
                    <a className="btn btn-secondary btn-sm" href={`/api/client-links/${token}/ks2.pdf`}>
                      КС-2
                    </a>
                    <a className="btn btn-secondary btn-sm" href={`/api/client-links/${token}/ks3.pdf`}>
                      КС-3
                    </a>
                    <a className="btn btn-secondary btn-sm" href={`/api/client-links/${token}/ks.xlsx`}>
                      Excel
                    </a>
                  </span>
                </li>
              )}
            </ul>
          </Card>
        )}
        {(service.agreements.length > 0 || service.equipment.length > 0 || offer) && (
          <Island
            component={ClientServiceAgreements}
            props={{
              token,
              clientName: v.object.clientName ?? "",
              agreements: service.agreements.map((a) => ({
                id: a.id,
                number: a.number,
                planName: a.planName,
                status: a.status as "sent" | "signed" | "ended",
                terms: `${a.startsOn.split("-").reverse().join(".")}–${
                  a.endsOn.split("-").reverse().join(".")
                } · ${a.visitsPerYear} визит(а) в год · ${
                  a.payMode === "year"
                    ? `${formatKopecks(a.pricePerYear)} в год`
                    : `${formatKopecks(a.pricePerVisit)} за визит`
                }`,
                signed: a.signerName && a.signedAt ? `${a.signerName}, ${formatDateTime(a.signedAt)}` : null,
              })),
              offer: offer
                ? {
                  station: offer.station.label,
                  plans: offer.plans.map((p) => ({
                    id: p.id,
                    name: p.name,
                    terms: [
                      `${p.visitsPerYear} визит(а) в год`,
                      p.priorityCallout ? "приоритетный выезд" : null,
                      p.partsDiscountPercent ? `скидка на детали ${p.partsDiscountPercent} %` : null,
                    ].filter(Boolean).join(" · "),
                    perYear: formatKopecks(p.perYear),
                    perVisit: formatKopecks(p.perVisit),
                  })),
                }
                : null,
              documents: service.equipment.map((e) =>
                e.kind === "well"
                  ? {
                    href: `/api/client-links/${token}/equipment/${e.id}/passport.pdf`,
                    label: `Паспорт скважины — ${e.modelName}`,
                  }
                  : {
                    href: `/api/client-links/${token}/equipment/${e.id}/warranty.pdf`,
                    label: `Гарантийный талон — ${equipmentLabel(e)}`,
                  }
              ),
            }}
          />
        )}
        <div id="client-sign">
          <Island
            component={ClientContract}
            props={{
              token,
              hasContract: Boolean(contract),
              superseded: Boolean(superseded),
              signed: contract?.signature
                ? { name: contract.signature.signerName, at: contract.signature.signedAt.toISOString() }
                : null,
              accepted: Boolean(state.link.acceptedAt) || v.quoteApproved,
              hasEstimate: Boolean(estimate),
              changesRequested: v.changesRequested,
              clientName: contract?.contractData.CLIENT_NAME ?? v.object.clientName ?? "",
              requisites: payment ? requisitesText(company, { sum: payment.amount, purpose }) : null,
              account: user ? (user.role === "user" ? "customer" : "staff") : "guest",
            }}
          />
        </div>
        <Card title="Контакты компании">
          <dl className="details" data-testid="company-contacts">
            <dt>Компания</dt>
            <dd>{company.name}</dd>
            {contacts?.phone && (
              <>
                <dt>Телефон</dt>
                <dd>
                  <a href={`tel:${contacts.phone.replace(/[^\d+]/g, "")}`}>{contacts.phone}</a>
                </dd>
              </>
            )}
            {contacts?.email && (
              <>
                <dt>Почта</dt>
                <dd>
                  <a href={`mailto:${contacts.email}`}>{contacts.email}</a>
                </dd>
              </>
            )}
            {contacts?.website && (
              <>
                <dt>Сайт</dt>
                <dd>{contacts.website}</dd>
              </>
            )}
            {contacts?.address && (
              <>
                <dt>Офис</dt>
                <dd>{contacts.address}</dd>
              </>
            )}
          </dl>
        </Card>
        {visits.length > 0 && (
          <Card>
            <h2 id="client-service">Сервисное обслуживание</h2>
            {visits.map((visit) => (
              <section key={visit.id} id={`visit-${visit.id}`} className="stack" data-visit={visit.id}>
                <h3>
                  Визит {formatDate(visit.plannedOn)} · {visit.planName}
                </h3>
                {visit.report && <VisitReportView report={visit.report} />}
                <a
                  className="btn btn-secondary btn-sm"
                  href={`/api/client-links/${token}/visits/${visit.id}/report.pdf`}
                >
                  Акт обслуживания (PDF)
                </a>
                <Island
                  component={VisitSignature}
                  props={{
                    url: `/api/client-links/${token}/visits/${visit.id}/sign`,
                    clientName: v.object?.clientName ?? "",
                    signed: visit.clientSignedAt
                      ? { name: visit.clientSignerName ?? "", at: visit.clientSignedAt.toISOString() }
                      : null,
                  }}
                />
              </section>
            ))}
          </Card>
        )}
      </main>
    ),
  });
}

/** The act's works and equipment (drawn as the client's estimate is) and what remains to pay. */
function ActView({ act }: { act: ActContent }) {
  const view = clientEstimate({
    estimateNumber: act.estimateNumber,
    templateName: null,
    items: act.lines,
    vatMode: act.vatMode,
    vatAmount: act.vatAmount,
    totalAmount: act.totalAmount,
    discount: act.discount,
    notes: [],
  });
  return (
    <div className="stack-sm">
      <p className="muted small">
        К договору № {act.contractNumber}. Работы по адресу: {act.address}
      </p>
      <ClientEstimateView estimate={view} showItems />
      <dl className="ledger-lines" data-testid="act-figures">
        <dt>Всего по акту</dt>
        <dd className="money">{formatKopecks(act.totalAmount)}</dd>
        <dt>Получено</dt>
        <dd className="money">{formatKopecks(act.receivedAmount)}</dd>
        <dt>
          <strong>К оплате по акту</strong>
        </dt>
        <dd className="money">
          <strong>{formatKopecks(Math.max(0, act.dueAmount))}</strong>
        </dd>
      </dl>
    </div>
  );
}
