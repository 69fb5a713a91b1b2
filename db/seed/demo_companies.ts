// The demo's two companies and an account for every role (the README lists them), marked is_demo.
import type { Executor } from "../client.ts";
import { companies, localAccounts, users } from "../schema/mod.ts";
import type { Role } from "../../domain/enums.ts";

export interface DemoAccount {
  email: string;
  role: Role;
  company: string | null;
  /** First and last name, one space between. */
  name: string;
  /** The owner of the demo install (the main administrator of /admin/users). */
  isOwner?: boolean;
}

export const demoAccounts: DemoAccount[] = [
  {
    email: "admin@demo.local",
    role: "system_admin",
    company: "demo",
    name: "Алексей Смирнов",
    isOwner: true,
  },
  { email: "director@demo.local", role: "company_admin", company: "demo", name: "Ирина Волкова" },
  { email: "engineer@demo.local", role: "chief_engineer", company: "demo", name: "Павел Кузнецов" },
  { email: "manager@demo.local", role: "manager", company: "demo", name: "Ольга Морозова" },
  { email: "surveyor@demo.local", role: "measurement_engineer", company: "demo", name: "Дмитрий Орлов" },
  {
    email: "surveyor2@demo.local",
    role: "measurement_engineer",
    company: "demo",
    name: "Сергей Лебедев",
  },
  { email: "foreman@demo.local", role: "foreman", company: "demo", name: "Николай Соколов" },
  { email: "client@demo.local", role: "user", company: null, name: "Мария Иванова" },
  { email: "admin@other.local", role: "company_admin", company: "other", name: "Виктор Павлов" },
];

/** The two companies and their accounts; answers the companies and the accounts' ids by e-mail. */
export async function seedCompanies(tx: Executor, p: { passwordHash: string; at: (days: number) => Date }) {
  const { passwordHash, at } = p;
  const [demo] = await tx.insert(companies).values({
    name: "ООО «Демо Септик»",
    inn: "7723456782",
    kpp: "772301001",
    ogrn: "1157746123457",
    legalAddress: "109029, г. Москва, ул. Нижегородская, д. 32, стр. 4",
    actualAddress: "109029, г. Москва, ул. Нижегородская, д. 32, стр. 4",
    phone: "+7 495 123-45-67",
    email: "info@demo-septic.ru",
    directorName: "Волкова Ирина Сергеевна",
    bankName: "ПАО Сбербанк",
    bankBik: "044525225",
    bankAccount: "40702810938000012345",
    bankCorAccount: "30101810400000000225",
    subscriptionTier: "standard",
    companyType: "construction_full",
    subscriptionExpiresAt: at(220),
    isDemo: true,
    createdAt: at(-400),
  }).returning();
  const [other] = await tx.insert(companies).values({
    name: "ООО «Другая Компания»",
    inn: "5003123458",
    subscriptionTier: "start",
    companyType: "construction_installation",
    subscriptionExpiresAt: at(90),
    isDemo: true,
    createdAt: at(-200),
  }).returning();

  const ids: Record<string, number> = {};
  for (const [i, account] of demoAccounts.entries()) {
    const [firstName, lastName] = account.name.split(" ");
    const companyId = account.company === "demo" ? demo.id : account.company === "other" ? other.id : null;
    const [user] = await tx.insert(users).values({
      email: account.email,
      firstName,
      lastName,
      role: account.role,
      companyId,
      isDemo: true,
      isOwner: account.isOwner ?? false,
      createdAt: at(-300 + i * 10),
    }).returning({ id: users.id });
    await tx.insert(localAccounts).values({ userId: user.id, email: account.email, passwordHash });
    ids[account.email] = user.id;
  }
  return { demo, other, ids };
}
