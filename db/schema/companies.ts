import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { bool, createdAt, id, inList, timestamp, updatedAt } from "./_columns.ts";
import { companyTypes, subscriptionTiers } from "../../domain/enums.ts";
import { DEFAULT_WORKS_START_RULE, worksStartRules } from "../../domain/job_status.ts";
import { DEFAULT_MARKUP_PERCENT, equipmentPriceBases } from "../../estimating/catalogue/equipment_price.ts";

export const companies = sqliteTable("companies", {
  id: id(),
  name: text("name").notNull(),
  inn: text("inn"),
  kpp: text("kpp"),
  ogrn: text("ogrn"),
  legalAddress: text("legal_address"),
  actualAddress: text("actual_address"),
  phone: text("phone"),
  email: text("email"),
  website: text("website"),
  whatsapp: text("whatsapp"),
  telegram: text("telegram"),
  logoUrl: text("logo_url"),
  directorName: text("director_name"),
  bankName: text("bank_name"),
  bankAccount: text("bank_account"),
  bankBik: text("bank_bik"),
  bankCorAccount: text("bank_cor_account"),
  subscriptionTier: text("subscription_tier", { enum: subscriptionTiers }).notNull().default("start"),
  companyType: text("company_type", { enum: companyTypes }).notNull().default("construction_surveying"),
  subscriptionExpiresAt: timestamp("subscription_expires_at"),
  isActive: bool("is_active").notNull().default(true),
  /** Demo rows are removed by the owner's clean-up and nothing else is. */
  isDemo: bool("is_demo").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  // The station price basis (ALTER TABLE appends columns, so they follow the timestamps). No CHECK: adding one would
  // make drizzle-kit rebuild the table; the zod schema of the settings (domain/admin.ts) guards the values.
  /** The price the estimates quote for a station: the maker's retail price, dealer + markup, or dealer. */
  equipmentPriceBasis: text("equipment_price_basis", { enum: equipmentPriceBases }).notNull().default(
    "retail",
  ),
  /** Markup on the dealer price, whole percent 0–300. */
  equipmentMarkupPercent: integer("equipment_markup_percent").notNull().default(DEFAULT_MARKUP_PERCENT),
  /** When the foreman sees a job (domain/job_status.ts worksStartRules). */
  worksStartRule: text("works_start_rule", { enum: worksStartRules }).notNull().default(
    DEFAULT_WORKS_START_RULE,
  ),
}, (t) => [
  check("companies_tier_check", sql.raw(`subscription_tier IN (${inList(subscriptionTiers)})`)),
  check("companies_type_check", sql.raw(`company_type IN (${inList(companyTypes)})`)),
  index("companies_name_idx").on(t.name),
]);
