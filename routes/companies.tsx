import type { Context } from "hono";
import { listCompanies } from "../db/companies.ts";
import { Island } from "../server/island.tsx";
import type { AppEnv } from "../server/types.ts";
import CompaniesManager from "../islands/CompaniesManager.tsx";
import { renderWorkPage } from "./_page.tsx";
import { scopeOf } from "../db/scope.ts";

/** /companies (system_admin): stat cards, the list, the create and edit dialogs. */
export default async function companiesPage(c: Context<AppEnv>) {
  const companies = await listCompanies(c.var.deps.db, scopeOf(null));
  const id = Number(c.req.query("companyId"));
  const openId = c.req.query("new") ? "new" as const : companies.some((co) => co.id === id) ? id : null;
  return renderWorkPage(c, {
    title: "Компании",
    subtitle: "Компании, их реквизиты, тарифы и подписки",
    body: <Island component={CompaniesManager} props={{ companies, openId }} />,
  });
}
