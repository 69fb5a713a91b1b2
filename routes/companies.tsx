import type { Context } from "hono";
import { listCompanies } from "../db/companies.ts";
import { figures } from "../db/figures.ts";
import { scopeOf } from "../db/scope.ts";
import { defaultPeriod } from "../domain/periods.ts";
import { Island } from "../server/island.tsx";
import type { AppEnv } from "../server/types.ts";
import { positiveInt } from "../server/query.ts";
import CompaniesManager from "../islands/CompaniesManager.tsx";
import { renderWorkPage } from "./_page.tsx";

/** /companies (system_admin): stat cards, the list, the create and edit dialogs. */
export default async function companiesPage(c: Context<AppEnv>) {
  const { db, now } = c.get("deps");
  const [companies, all] = await Promise.all([
    listCompanies(db, scopeOf(null)),
    figures(db, scopeOf(null), defaultPeriod, now()),
  ]);
  const id = positiveInt(c.req.query("companyId"));
  const listed = companies.find((co) => co.id === id)?.id ?? null;
  const openId = c.req.query("new") ? "new" as const : listed;
  return renderWorkPage(c, {
    title: "Компании",
    subtitle: "Компании, их реквизиты, тарифы и подписки",
    body: <Island component={CompaniesManager} props={{ companies, openId, users: all.users }} />,
  });
}
