import type { Context } from "hono";
import { type EstimateStatus } from "../db/estimates.ts";
import { estimateSummary, estimateTableColumns, listEstimateColumns } from "../db/estimate_lists.ts";
import { objectChoices } from "../db/objects.ts";
import { nextNumber } from "../db/document_numbers.ts";
import { estimateStatuses } from "../domain/enums.ts";
import { countOf, estimateForms, formatDate, formatKopecks } from "../domain/format.ts";
import { estimateStatusLabels } from "../domain/labels.ts";
import { Island } from "../server/island.tsx";
import { companyScope, currentUser } from "../server/middleware/guard.ts";
import type { AppEnv } from "../server/types.ts";
import EstimatesTable from "../islands/EstimatesTable.tsx";
import CreateEstimateDialog from "../islands/CreateEstimateDialog.tsx";
import { renderWorkPage } from "./_page.tsx";
import { ChosenObject, FilterForm, FilterSearch, StatusFilter } from "./_filters.tsx";
import { Card, EmptyState, StatCard } from "../components/Card.tsx";
import { pageNumber, positiveInt } from "../server/query.ts";
import { pageHref, pageLinks, Pagination } from "../components/Pagination.tsx";

/** Estimates a page shows: a company with thousands of them got them all, half a megabyte of page at 5 000. */
const PAGE_SIZE = 48;

/**
 * /estimates, 'Сметы' (the estimating spec's «Estimates screen»): four cards, filters, the table with row
 * actions a page at a time, a new estimate.
 */
export default async function estimatesPage(c: Context<AppEnv>) {
  const user = currentUser(c);
  const scope = companyScope(user);
  const { db, now } = c.get("deps");
  const q = c.req.query();
  const status = (estimateStatuses as readonly string[]).includes(q.status ?? "")
    ? q.status as EstimateStatus
    : undefined;
  const objectId = positiveInt(q.objectId);
  const search = (q.q ?? "").trim().slice(0, 100) || undefined;
  const filter = { status, objectId, q: search };
  const page = pageNumber(q.page);
  const at = now();
  const [rows, summary, objects, suggested] = await Promise.all([
    listEstimateColumns(db, scope, { ...filter, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }, {
      name: "table",
      columns: estimateTableColumns,
    }),
    estimateSummary(db, scope, filter),
    // The dialog's newest objects, and the object the list is for (named by the filter).
    objectChoices(db, scope, { chosen: objectId }),
    // The dialog suggests the company's next number of the series; without a company, the person types one.
    user.companyId ? nextNumber(db, user.companyId, "estimate", at) : Promise.resolve(""),
  ]);
  const filtered = Boolean(status || objectId || search);
  const pages = Math.max(1, Math.ceil(summary.total / PAGE_SIZE));
  const params = { status, objectId: objectId ? String(objectId) : undefined, q: search };
  const chosenObject = objectId ? objects.find((o) => o.id === objectId) : undefined;

  return renderWorkPage(c, {
    title: "Сметы",
    subtitle: countOf(summary.total, estimateForms),
    action: (
      <Island
        cached
        component={CreateEstimateDialog}
        props={{
          objects,
          objectId: objectId ?? null,
          number: suggested,
        }}
      />
    ),
    body: (
      <div className="stack-lg">
        <div className="stats">
          <StatCard label="Всего смет" value={summary.total} icon="estimate" />
          <StatCard label="Черновики" value={summary.drafts} icon="edit" tone="warning" />
          <StatCard label="Утверждено" value={summary.approved} icon="check" tone="success" />
          <StatCard
            label="Общая сумма"
            value={<span className="money stat-money">{formatKopecks(summary.amount)}</span>}
            icon="chart"
            tone="accent"
          />
        </div>
        <FilterForm action="/estimates" label="Фильтры смет" submit="Применить" filtered={filtered}>
          <FilterSearch value={search} placeholder="Номер, адрес или клиент" />
          <StatusFilter value={status} statuses={estimateStatuses} labels={estimateStatusLabels} />
          {chosenObject && (
            <ChosenObject
              object={chosenObject}
              clearHref={pageHref("/estimates", { ...params, objectId: undefined }, 1)}
            />
          )}
        </FilterForm>
        <Card>
          {rows.length === 0
            ? (
              <EmptyState
                icon="estimate"
                text={filtered ? "Смет по этим условиям нет" : "Смет пока нет"}
                hint={filtered
                  ? "Измените условия поиска."
                  : "Сметы появляются после замера или создаются вручную."}
              />
            )
            : (
              <Island
                cached
                component={EstimatesTable}
                props={{
                  role: user.role,
                  rows: rows.map((r) => ({
                    id: r.id,
                    estimateNumber: r.estimateNumber,
                    objectId: r.objectId,
                    objectAddress: r.objectAddress,
                    totalAmount: r.totalAmount,
                    status: r.status,
                    created: formatDate(r.createdAt),
                    alerts: r.alerts,
                  })),
                }}
              />
            )}
        </Card>
        <Pagination {...pageLinks(page, pages, (n) => pageHref("/estimates", params, n))} />
      </div>
    ),
  });
}
