import type { Context } from "hono";
import { getEstimate } from "../db/estimates.ts";
import { displayName, formatDateTime, formatKopecks } from "../domain/format.ts";
import { labelOf, workTypeLabels } from "../domain/labels.ts";
import { Island } from "../server/island.tsx";
import { companyScope, currentUser } from "../server/middleware/guard.ts";
import type { AppEnv } from "../server/types.ts";
import { positiveInt } from "../server/query.ts";
import EstimateActions from "../islands/EstimateActions.tsx";
import { EstimateView } from "../components/measurement/EstimateView.tsx";
import { notFoundPage } from "./_errors.tsx";
import { renderWorkPage } from "./_page.tsx";
import { Card } from "../components/Card.tsx";
import ContractWizard from "../islands/ContractWizard.tsx";
import { contractObject, currentContract } from "../db/contracts.ts";
import { contractJson } from "../server/contract_json.ts";
import { contractMakerRoles, paymentKeeperRoles } from "../domain/contracts.ts";
import { hasRole } from "../domain/roles.ts";
import { ContractState } from "../components/ContractState.tsx";

/** /estimates/:id: the estimate with its items, subtotals, total and notes; Excel and status actions. */
export default async function estimatePage(c: Context<AppEnv>) {
  const user = currentUser(c);
  const id = positiveInt(c.req.param("id"));
  const e = id !== undefined ? await getEstimate(c.var.deps.db, companyScope(user), id) : null;
  if (!e) return notFoundPage(c);
  const scope = companyScope(user);
  const [object, contract] = hasRole(user.role, contractMakerRoles)
    ? await Promise.all([
      contractObject(c.var.deps.db, scope, e.objectId),
      currentContract(c.var.deps.db, scope, e.objectId),
    ])
    : [null, null];
  const author = e.authorFirstName || e.authorLastName
    ? displayName({ firstName: e.authorFirstName, lastName: e.authorLastName })
    : "—";
  return renderWorkPage(c, {
    title: `Смета ${e.estimateNumber}`,
    subtitle: e.templateName ?? undefined,
    body: (
      <div className="stack-lg">
        <Card>
          <div className="stack">
            <Island component={EstimateActions} props={{ id: e.id, status: e.status, role: user.role }} />
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
              <dt>Сумма</dt>
              <dd className="money">
                <strong>{formatKopecks(e.totalAmount)}</strong>
              </dd>
            </dl>
          </div>
        </Card>
        <Card title="Позиции сметы">
          <EstimateView
            estimate={{
              estimateNumber: e.estimateNumber,
              templateName: e.templateName,
              items: e.items,
              totalAmount: e.totalAmount,
              vatAmount: e.vatAmount,
              notes: e.notes,
            }}
            showBadges
          />
        </Card>
        <p>
          <a href="/estimates">← Все сметы</a>
        </p>
      </div>
    ),
  });
}
