// The service figures' reads (definitions in domain/service_figures.ts): two statements whatever the number of
// agreements — the agreements with their renewals and the period's service money, and the visits of twelve months.
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import type { Scope } from "./scope.ts";
import { preparedQuery } from "./prepared.ts";
import { serviceAgreements, serviceVisits } from "./schema/mod.ts";
import {
  agreementFigures,
  figureMonths,
  type ServiceFigures,
  visitMonths,
} from "../domain/service_figures.ts";
import { moscowDate } from "../domain/dates.ts";

/** The company's service figures on `now`; `from` starts the period of the money received (null: all time). */
export async function serviceFigures(
  db: Db,
  scope: Scope,
  now: Date,
  from: Date | null,
): Promise<ServiceFigures> {
  const today = moscowDate(now);
  const months = figureMonths(today);
  const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
  const companyId = scope ?? undefined;
  const [agreements, visits] = await Promise.all([
    preparedQuery(db, "serviceAgreementFigures", { companyId, from: from?.getTime() }, (p) =>
      db.select({
        status: serviceAgreements.status,
        startsOn: serviceAgreements.startsOn,
        endsOn: serviceAgreements.endsOn,
        payMode: serviceAgreements.payMode,
        pricePerYear: serviceAgreements.pricePerYear,
        pricePerVisit: serviceAgreements.pricePerVisit,
        visitsPerYear: serviceAgreements.visitsPerYear,
        renewed: sql<
          number
        > // The outer row named in full: drizzle writes a one-table select's columns unqualified, and a bare
          // "id" inside the subquery would be the renewal's own.
          `exists(select 1 from service_agreements r where r.renews_id = service_agreements.id
          and r.signed_at is not null)`,
        received: sql<number>`(select coalesce(sum(p.received_amount), 0) from payments p
          where p.kind = 'service' and p.status = 'paid'
          ${p.companyId ? sql`and p.company_id = ${p.companyId}` : sql``}
          ${p.from ? sql`and p.received_at >= ${p.from}` : sql``})`,
      }).from(serviceAgreements).where(p.companyId && eq(serviceAgreements.companyId, p.companyId))).all(),
    preparedQuery(
      db,
      "serviceVisitFigures",
      { companyId, firstMonth: `${months[0]}-01`, afterLastMonth: `${months[11]}-32` },
      (p) =>
        db.select({ plannedOn: serviceVisits.plannedOn, status: serviceVisits.status }).from(serviceVisits)
          .where(
            and(
              p.companyId && eq(serviceVisits.companyId, p.companyId),
              gte(serviceVisits.plannedOn, p.firstMonth),
              lt(serviceVisits.plannedOn, p.afterLastMonth),
            ),
          ),
    ).all(),
  ]);
  const figures = agreementFigures(
    agreements.map((a) => ({ ...a, renewed: Boolean(a.renewed) })),
    today,
    yearAgo,
  );
  return {
    ...figures,
    // Read beside every agreement row; no agreement, no service payment either (a payment needs one).
    received: Number(agreements[0]?.received ?? 0),
    visits: visitMonths(visits, today, months),
  };
}
