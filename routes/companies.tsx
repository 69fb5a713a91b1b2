import type { Context } from "hono";
import { listCompanies } from "../db/companies.ts";
import { Island } from "../server/island.tsx";
import type { AppEnv } from "../server/types.ts";
import { positiveInt } from "../server/query.ts";
import CompaniesManager from "../islands/CompaniesManager.tsx";
import { renderWorkPage } from "./_page.tsx";
import { scopeOf } from "../db/scope.ts";

/** /companies (system_admin): stat cards, the list, the create and edit dialogs. */
export default async function companiesPage(c: Context<AppEnv>) {
  const companies = await listCompanies(c.var.deps.db, scopeOf(null));
  const id = positiveInt(c.req.query("companyId"));
  const listed = companies.find((co) => co.id === id)?.id ?? null;
  const openId = c.req.query("new") ? "new" as const : listed;
  return renderWorkPage(c, {
    title: "Компании",
    subtitle: "Компании, их реквизиты, тарифы и подписки",
    body: <Island component={CompaniesManager} props={{ companies, openId }} />,
  });
}
