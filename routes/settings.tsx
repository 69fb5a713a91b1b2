import type { Context } from "hono";
import type { ReactNode } from "react";
import {
  companyJson,
  findCompany,
  findEquipmentPrice,
  findShopSettings,
  shopSettingsJson,
} from "../db/companies.ts";
import { priceListSummary } from "../db/price_lists.ts";
import { Island } from "../server/island.tsx";
import { companyScope, currentUser } from "../server/middleware/guard.ts";
import type { AppEnv } from "../server/types.ts";
import ChangePasswordForm from "../islands/ChangePasswordForm.tsx";
import CompanySettings from "../islands/CompanySettings.tsx";
import ProfileSettings from "../islands/ProfileSettings.tsx";
import ShopSettingsForm from "../islands/ShopSettingsForm.tsx";
import PriceListSettings from "../islands/PriceListSettings.tsx";
import EquipmentPriceSettings from "../islands/EquipmentPriceSettings.tsx";
import { defaultEquipmentPrice } from "../estimating/mod.ts";
import { renderWorkPage } from "./_page.tsx";
import ContractTemplates from "../islands/ContractTemplates.tsx";
import ServicePlansSettings from "../islands/ServicePlansSettings.tsx";
import { listPlans } from "../db/service.ts";
import { companyContractTemplates } from "../db/contract_templates.ts";
import { defaultTemplate, placeholders } from "../domain/contracts.ts";
import { workTypes } from "../domain/enums.ts";
import CrewsManager from "../islands/CrewsManager.tsx";
import ClientMessageSettings from "../islands/ClientMessageSettings.tsx";
import { messageSettingsJson } from "../server/client_message_settings.ts";
import { listCrews } from "../db/schedule.ts";
import { assignableUsers } from "../db/tasks.ts";
import { taskManagerRoles } from "../domain/tasks.ts";
import { hasRole } from "../domain/roles.ts";

type Tab = "profile" | "company" | "messages" | "price-list" | "contracts" | "service" | "shop" | "crews";

const tabLabels: Record<Tab, string> = {
  profile: "Профиль",
  company: "Компания",
  messages: "Уведомления клиентам",
  "price-list": "Прайс-лист",
  contracts: "Договоры",
  service: "Планы обслуживания",
  shop: "Магазин",
  crews: "Бригады",
};

/**
 * /settings: personal data, avatar and password for everyone; for a company_admin also the company's
 * requisites and logo, its price list and equipment-price basis, its contract templates, and the shop
 * settings when it has a shop.
 */
export default async function settingsPage(c: Context<AppEnv>) {
  const user = currentUser(c);
  const { db } = c.get("deps");
  const companyAdmin = user.role === "company_admin" && user.companyId !== null;
  const company = companyAdmin ? await findCompany(db, companyScope(user), user.companyId!) : null;
  const shop = company ? await findShopSettings(db, company.id) : null;
  const tabs: Tab[] = ["profile"];
  if (company) tabs.push("company", "messages", "price-list", "contracts", "service");
  if (shop) tabs.push("shop");
  const managesCrews = hasRole(user.role, taskManagerRoles) && user.companyId !== null;
  if (managesCrews) tabs.push("crews");
  const asked = c.req.query("tab") as Tab | undefined;
  const tab: Tab = asked && tabs.includes(asked) ? asked : "profile";

  let body: ReactNode;
  if (tab === "crews" && managesCrews) {
    const [crews, people] = await Promise.all([
      listCrews(db, companyScope(user)),
      assignableUsers(db, companyScope(user)),
    ]);
    body = (
      <Island
        component={CrewsManager}
        props={{ crews, people: people.map((p) => ({ id: p.id, name: p.name, role: p.role })) }}
      />
    );
  } else if (tab === "company" && company) {
    body = <Island component={CompanySettings} props={{ company: companyJson(company) }} />;
  } else if (tab === "messages" && company) {
    const settings = await messageSettingsJson(db, c.get("deps").env, company.id);
    body = <Island component={ClientMessageSettings} props={{ settings }} />;
  } else if (tab === "shop" && shop) {
    body = <Island component={ShopSettingsForm} props={{ settings: shopSettingsJson(shop) }} />;
  } else if (tab === "contracts" && company) {
    const own = await companyContractTemplates(db, company.id);
    body = (
      <Island
        component={ContractTemplates}
        props={{
          placeholders,
          defaultTemplate,
          templates: workTypes.map((workType) => {
            const mine = own.find((t) => t.workType === workType);
            return { workType, custom: Boolean(mine), body: mine?.body ?? defaultTemplate };
          }),
        }}
      />
    );
  } else if (tab === "service" && company) {
    body = <Island component={ServicePlansSettings} props={{ plans: await listPlans(db, company.id) }} />;
  } else if (tab === "price-list" && company) {
    body = (
      <>
        <Island component={PriceListSettings} props={{ summary: await priceListSummary(db, company.id) }} />
        <Island
          component={EquipmentPriceSettings}
          props={{ setting: (await findEquipmentPrice(db, company.id)) ?? defaultEquipmentPrice }}
        />
      </>
    );
  } else {
    body = (
      <>
        <Island
          component={ProfileSettings}
          props={{
            firstName: user.firstName ?? "",
            lastName: user.lastName ?? "",
            email: user.email,
            profileImageUrl: user.profileImageUrl,
          }}
        />
        <Island component={ChangePasswordForm} props={{}} />
      </>
    );
  }

  return renderWorkPage(c, {
    title: "Настройки",
    subtitle: tab === "crews"
      ? "Бригады: бригадир и участники"
      : company
      ? `Профиль и компания «${company.name}»`
      : "Ваш профиль и пароль",
    body: (
      <div className="stack-lg settings">
        {tabs.length > 1 && (
          <nav className="tabs" aria-label="Разделы настроек">
            {tabs.map((t) => (
              <a
                key={t}
                className="tab"
                href={t === "profile" ? "/settings" : `/settings?tab=${t}`}
                aria-selected={t === tab}
                aria-current={t === tab ? "page" : undefined}
              >
                {tabLabels[t]}
              </a>
            ))}
          </nav>
        )}
        <div className="stack-lg narrow-wide">{body}</div>
      </div>
    ),
  });
}
