import type { Context } from "hono";
import { getContract } from "../db/contracts.ts";
import { objectLinks } from "../db/client_links.ts";
import { Island } from "../server/island.tsx";
import ContractPayment from "../islands/ContractPayment.tsx";
import { paymentKeeperRoles } from "../domain/contracts.ts";
import { hasRole } from "../domain/roles.ts";
import { formatDateTime, formatKopecks } from "../domain/format.ts";
import { companyScope, currentUser } from "../server/middleware/guard.ts";
import type { AppEnv } from "../server/types.ts";
import { positiveInt } from "../server/query.ts";
import { Card } from "../components/Card.tsx";
import { Badge } from "../components/Badge.tsx";
import { ContractState } from "../components/ContractState.tsx";
import { notFoundPage } from "./_errors.tsx";
import { renderWorkPage } from "./_page.tsx";

/**
 * /contracts/:id: one contract version with its signature (who, when, IP, browser, whether the signed hash
 * matches the text) and its prepayment — what the foreman's «Договор» and the object's card open.
 */
export default async function contractPage(c: Context<AppEnv>) {
  const id = positiveInt(c.req.param("id"));
  if (id === undefined) return notFoundPage(c);
  const user = currentUser(c);
  const scope = companyScope(user);
  const contract = await getContract(c.get("deps").db, scope, id);
  if (!contract) return notFoundPage(c);
  const links = hasRole(user.role, paymentKeeperRoles)
    ? (await objectLinks(c.get("deps").db, scope, contract.objectId)).filter((l) =>
      l.contractId === contract.id
    )
    : null;
  const s = contract.signature;
  const p = contract.payment;
  return renderWorkPage(c, {
    title: `Договор № ${contract.contractNumber}`,
    subtitle: `Версия ${contract.version} от ${formatDateTime(contract.createdAt)}`,
    body: (
      <div className="stack-lg">
        <Card>
          <div className="stack">
            <ContractState contract={contract} />
            <dl className="details">
              <dt>Сумма договора</dt>
              <dd className="money">{formatKopecks(contract.totalAmount)}</dd>
              <dt>Предоплата</dt>
              <dd className="money">
                {formatKopecks(contract.prepaymentAmount)} ({contract.prepaymentPercent} %)
                {p?.status === "paid" && p.receivedAt &&
                  ` — получено ${formatKopecks(p.receivedAmount ?? p.amount)} ${
                    formatDateTime(p.receivedAt)
                  }`}
              </dd>
              {s && (
                <>
                  <dt>Подписал</dt>
                  <dd>{s.signerName}, {formatDateTime(s.signedAt)}</dd>
                  <dt>IP и браузер</dt>
                  <dd className="small">{s.ip ?? "не определён"} · {s.userAgent ?? "не определён"}</dd>
                  <dt>SHA-256 текста</dt>
                  <dd className="small mono">
                    {s.textSha256} {s.textSha256 === contract.textSha256
                      ? <Badge tone="success">совпадает с текстом</Badge>
                      : <Badge tone="danger">не совпадает с текстом</Badge>}
                  </dd>
                  <dt>Подпись</dt>
                  <dd>
                    <img
                      className="signature-image"
                      src={s.signatureImage}
                      alt={`Подпись: ${s.signerName}`}
                      width={200}
                      height={80}
                    />
                  </dd>
                </>
              )}
            </dl>
            <div className="row">
              <a className="btn btn-secondary btn-sm" href={`/api/contracts/${contract.id}/pdf`}>PDF</a>
              <a className="btn btn-secondary btn-sm" href={`/api/contracts/${contract.id}/docx`}>
                DOCX (Word)
              </a>
              <a
                className="btn btn-secondary btn-sm"
                href={`/contracts/${contract.id}/print`}
                target="_blank"
              >
                Версия для печати
              </a>
              {contract.estimateId && (
                <a className="btn btn-secondary btn-sm" href={`/estimates/${contract.estimateId}`}>Смета</a>
              )}
            </div>
          </div>
        </Card>
        {links && (
          <Card title="Оплата и ссылки клиента">
            <Island
              component={ContractPayment}
              props={{
                payment: p && { id: p.id, amount: p.amount, status: p.status },
                links: links.map((l) => ({
                  id: l.id,
                  createdAt: l.createdAt.toISOString(),
                  expiresAt: l.expiresAt.toISOString(),
                  revokedAt: l.revokedAt?.toISOString() ?? null,
                  openedAt: l.openedAt?.toISOString() ?? null,
                })),
                today: c.get("deps").now().toISOString().slice(0, 10),
              }}
            />
          </Card>
        )}
        <Card title="Текст договора">
          <pre className="contract-text contract-text-full">{contract.contractText}</pre>
        </Card>
      </div>
    ),
  });
}
