// The contract's text without zod, so islands that only show or check it stay small: prepayment rule,
// built-in templates per work type, placeholders, money and dates as a contract prints them, who may do what.
import { vatLine } from "../estimating/enums.ts";
import type { workTypes } from "./enums.ts";
import { amountInWords } from "./amount_words.ts";
import type { CompanyRequisites } from "./payment_qr.ts";
import { cleanRequisite } from "./requisites.ts";
import { moscowCalendar, moscowDate } from "./dates.ts";

export type WorkType = typeof workTypes[number];

/** Prepayment options of the estimating spec's «Business constants and limits»; 30 is the default. */
export const prepaymentPercents = [20, 30, 50] as const;
export const DEFAULT_PREPAYMENT = 30;
/** How long a client's link opens, from its creation. */
export const CLIENT_LINK_DAYS = 30;

/** round(total × percent / 100), all in kopecks (the estimating spec's «Calls»). */
export function prepaymentAmount(totalKopecks: number, percent: number): number {
  return Math.round(totalKopecks * percent / 100);
}

/** The client data a contract is filled with (contractDataSchema's output). */
export interface ContractFields {
  CLIENT_KIND?: "person" | "organisation";
  CLIENT_NAME: string;
  CLIENT_PHONE: string;
  CLIENT_PASSPORT: string;
  CLIENT_ADDRESS: string;
  CONTRACT_NUMBER: string;
  PREPAYMENT_PERCENT: typeof prepaymentPercents[number];
  OBJECT_ADDRESS: string;
  CITY: string;
}

/** An organisation client's requisites as the object keeps them (domain/objects.ts checks them). */
export interface OrganisationRequisites {
  inn: string | null;
  kpp: string | null;
  ogrn: string | null;
  legalAddress: string | null;
  signer: string | null;
  bankName: string | null;
  bankBik: string | null;
  bankAccount: string | null;
  bankCorAccount: string | null;
}

/** Who the contract is made with: a consumer, or an organisation with its requisites. */
export type ContractClient = { kind: "person" } | ({ kind: "organisation" } & OrganisationRequisites);

/** «ИНН …, КПП …, ОГРН …» of whoever has them (an ИП has no КПП and an ОГРНИП of 15 digits). */
export function requisitesLine(r: { inn: string | null; kpp: string | null; ogrn: string | null }): string {
  const ogrn = cleanRequisite(r.ogrn);
  return [
    `ИНН ${cleanRequisite(r.inn)}`,
    ...(cleanRequisite(r.kpp) ? [`КПП ${cleanRequisite(r.kpp)}`] : []),
    ...(ogrn ? [`${ogrn.length === 15 ? "ОГРНИП" : "ОГРН"} ${ogrn}`] : []),
  ].join(", ");
}

/** «Банк: …, БИК …, р/с …, к/с …», or "" without an account. */
export function bankLine(
  r: {
    bankName: string | null;
    bankBik: string | null;
    bankAccount: string | null;
    bankCorAccount: string | null;
  },
): string {
  if (!cleanRequisite(r.bankAccount)) return "";
  return [
    `Банк: ${r.bankName ?? ""}`.trim(),
    `БИК ${cleanRequisite(r.bankBik)}`,
    `р/с ${cleanRequisite(r.bankAccount)}`,
    ...(cleanRequisite(r.bankCorAccount) ? [`к/с ${cleanRequisite(r.bankCorAccount)}`] : []),
  ].join(", ");
}

/**
 * The contractor's liability for delay. A consumer's right is set by law and a contract may not lower it
 * (Закон РФ от 07.02.1992 № 2300-1 «О защите прав потребителей», ст. 16 п. 1 and ст. 28 п. 5: 3 % of the
 * price of the work for each day, up to the price of the work); with an organisation the parties agree.
 */
export function penaltyClause(kind: ContractClient["kind"]): string {
  if (kind === "person") {
    return "6.1. За нарушение сроков выполнения работ Подрядчик уплачивает Заказчику неустойку в размере 3 % " +
      "цены работы за каждый день просрочки, но не более цены работы (п. 5 ст. 28 Закона РФ от 07.02.1992 " +
      "№ 2300-1 «О защите прав потребителей»). Права Заказчика как потребителя определяются этим законом; " +
      "условия договора, ухудшающие его положение, не применяются.";
  }
  return "6.1. За нарушение сроков выполнения работ Подрядчик уплачивает неустойку 0,1 % от стоимости работ " +
    "за каждый день просрочки, но не более 10 % их стоимости (условие согласовано сторонами).";
}

/** What each work type's contract says in its own words. */
interface WorkClauses {
  title: string;
  subject: string;
  terms: string;
  warranty: string;
}

const septicClauses: WorkClauses = {
  title: "на монтаж автономной канализации",
  subject: "работы по поставке и монтажу системы автономной канализации (станции биологической очистки " +
    "или септика) с подводящим и отводящим трубопроводами и пусконаладкой",
  terms: "3.1. Подрядчик приступает к работам в течение 10 рабочих дней после поступления предоплаты " +
    "и выполняет их за 5 рабочих дней при условии доступа техники к месту установки.",
  warranty:
    "5.1. Гарантия на выполненные работы — 1 год со дня подписания акта. Гарантия на оборудование — " +
    "по паспорту изготовителя.\n5.2. Гарантия не распространяется на повреждения из-за нарушения правил " +
    "эксплуатации станции, сброса запрещённых веществ и отсутствия сервисного обслуживания.",
};

const clauses: Record<WorkType, WorkClauses> = {
  autonomous_sewage: septicClauses,
  septic: { ...septicClauses, title: "на монтаж септика" },
  well_drilling: {
    title: "на бурение скважины на воду",
    subject: "работы по бурению скважины на воду с обсадкой трубами, прокачкой и сдачей паспорта скважины",
    terms: "3.1. Подрядчик приступает к бурению в течение 10 рабочих дней после поступления предоплаты " +
      "и выполняет работы за 3 рабочих дня.",
    warranty: "5.1. Гарантия на скважину — 1 год со дня подписания акта при условии её регулярной " +
      "эксплуатации. Гарантия на оборудование — по паспорту изготовителя.",
  },
  drilling: {
    title: "на буровые работы",
    subject: "буровые работы по смете",
    terms: "3.1. Подрядчик приступает к работам в течение 10 рабочих дней после поступления предоплаты.",
    warranty: "5.1. Гарантия на выполненные работы — 1 год со дня подписания акта.",
  },
  well_equipment: {
    title: "на обустройство скважины",
    subject: "работы по обустройству скважины: установка насосного оборудования, кессона или адаптера, " +
      "автоматики и ввод воды в дом",
    terms: "3.1. Подрядчик приступает к работам в течение 10 рабочих дней после поступления предоплаты " +
      "и выполняет их за 2 рабочих дня.",
    warranty:
      "5.1. Гарантия на выполненные работы — 1 год со дня подписания акта. Гарантия на оборудование — " +
      "по паспорту изготовителя.",
  },
  water_supply: {
    title: "на монтаж системы водоснабжения",
    subject: "работы по монтажу системы водоснабжения от источника до точки ввода в дом",
    terms: "3.1. Подрядчик приступает к работам в течение 10 рабочих дней после поступления предоплаты " +
      "и выполняет их за 3 рабочих дня.",
    warranty:
      "5.1. Гарантия на выполненные работы — 1 год со дня подписания акта. Гарантия на оборудование и " +
      "трубы — по паспорту изготовителя.",
  },
  water_treatment: {
    title: "на монтаж системы водоочистки",
    subject: "работы по поставке и монтажу системы водоочистки",
    terms: "3.1. Подрядчик приступает к работам в течение 10 рабочих дней после поступления предоплаты.",
    warranty:
      "5.1. Гарантия на выполненные работы — 1 год со дня подписания акта. Гарантия на оборудование — " +
      "по паспорту изготовителя.",
  },
  drainage: {
    title: "на устройство дренажа",
    subject: "работы по устройству дренажной системы участка: траншеи, дренажная труба в геотекстиле, " +
      "щебёночная подсыпка, колодцы",
    terms: "3.1. Подрядчик приступает к работам в течение 10 рабочих дней после поступления предоплаты " +
      "и выполняет их за 5 рабочих дней.",
    warranty: "5.1. Гарантия на выполненные работы — 2 года со дня подписания акта.",
  },
  sewage_system: {
    title: "на монтаж наружной канализации",
    subject: "работы по прокладке наружной канализации от выпуска из дома до очистного сооружения или " +
      "сети с устройством колодцев",
    terms: "3.1. Подрядчик приступает к работам в течение 10 рабочих дней после поступления предоплаты " +
      "и выполняет их за 3 рабочих дня.",
    warranty: "5.1. Гарантия на выполненные работы — 1 год со дня подписания акта.",
  },
  plastic_cellar: {
    title: "на установку пластикового погреба",
    subject: "работы по поставке и установке пластикового погреба с земляными работами и анкеровкой",
    terms: "3.1. Подрядчик приступает к работам в течение 10 рабочих дней после поступления предоплаты " +
      "и выполняет их за 2 рабочих дня.",
    warranty: "5.1. Гарантия на выполненные работы — 1 год со дня подписания акта. Гарантия на погреб — " +
      "по паспорту изготовителя.",
  },
  construction: {
    title: "на строительные работы",
    subject: "строительные работы по смете",
    terms: "3.1. Подрядчик приступает к работам в течение 10 рабочих дней после поступления предоплаты.",
    warranty: "5.1. Гарантия на выполненные работы — 1 год со дня подписания акта.",
  },
  installation: {
    title: "на монтажные работы",
    subject: "монтажные работы по смете",
    terms: "3.1. Подрядчик приступает к работам в течение 10 рабочих дней после поступления предоплаты.",
    warranty:
      "5.1. Гарантия на выполненные работы — 1 год со дня подписания акта. Гарантия на оборудование — " +
      "по паспорту изготовителя.",
  },
  other: {
    title: "подряда",
    subject: "работы по смете",
    terms: "3.1. Подрядчик приступает к работам в течение 10 рабочих дней после поступления предоплаты.",
    warranty: "5.1. Гарантия на выполненные работы — 1 год со дня подписания акта.",
  },
};

/** Every placeholder a template may use, with what it becomes (listed beside the editor). */
export const placeholders = {
  CONTRACT_NUMBER: "номер договора",
  CONTRACT_DATE: "дата договора, «23 ноября 2026 г.»",
  CITY: "город заключения",
  COMPANY_NAME: "название компании",
  COMPANY_REQUISITES: "ИНН, КПП, ОГРН компании одной строкой",
  COMPANY_DIRECTOR: "руководитель компании",
  COMPANY_ADDRESS: "юридический адрес компании",
  COMPANY_BANK: "банк, БИК, расчётный и корреспондентский счета",
  CLIENT_NAME: "ФИО клиента",
  CLIENT_PHONE: "телефон клиента",
  CLIENT_PASSPORT: "паспорт клиента",
  CLIENT_ADDRESS: "адрес регистрации клиента (юридический адрес организации)",
  CLIENT_PARTY: "заказчик в преамбуле: ФИО с паспортом или организация с реквизитами",
  CLIENT_DETAILS: "реквизиты заказчика для подписи: паспорт или ИНН, КПП, ОГРН, банк",
  CLIENT_SIGNER: "кто подписывает за заказчика",
  PENALTY: "неустойка подрядчика: по закону о защите прав потребителей или согласованная с организацией",
  OBJECT_ADDRESS: "адрес объекта",
  ESTIMATE_NUMBER: "номер сметы",
  WORK_TITLE: "вид договора по типу работ",
  WORK_SUBJECT: "предмет договора по типу работ",
  WORKS: "разделы сметы с суммами",
  TOTAL: "общая стоимость цифрами",
  TOTAL_WORDS: "общая стоимость прописью",
  VAT: "НДС по смете",
  PREPAYMENT_PERCENT: "процент предоплаты",
  PREPAYMENT: "предоплата цифрами",
  PREPAYMENT_WORDS: "предоплата прописью",
  REMAINDER: "остаток цифрами",
  REMAINDER_WORDS: "остаток прописью",
  TERMS: "сроки по типу работ",
  WARRANTY: "гарантия по типу работ",
} as const;
export type Placeholder = keyof typeof placeholders;

/** The built-in template every work type shares; its type's clauses fill WORK_*, TERMS and WARRANTY. */
export const defaultTemplate = `ДОГОВОР ПОДРЯДА № {{CONTRACT_NUMBER}}
{{WORK_TITLE}}

г. {{CITY}}, {{CONTRACT_DATE}}

{{COMPANY_NAME}} ({{COMPANY_REQUISITES}}), от имени которого на основании Устава действует руководитель {{COMPANY_DIRECTOR}}, именуемое в дальнейшем «Подрядчик», с одной стороны, и {{CLIENT_PARTY}}, именуемый(-ая, -ое) в дальнейшем «Заказчик», с другой стороны, заключили настоящий договор о нижеследующем.

1. ПРЕДМЕТ ДОГОВОРА
1.1. Подрядчик обязуется выполнить {{WORK_SUBJECT}} на объекте Заказчика по адресу: {{OBJECT_ADDRESS}}, а Заказчик обязуется принять и оплатить результат работ.
1.2. Состав и стоимость работ и оборудования определены сметой № {{ESTIMATE_NUMBER}}, которая является неотъемлемой частью договора:
{{WORKS}}

2. ЦЕНА И ПОРЯДОК РАСЧЁТОВ
2.1. Стоимость работ по договору составляет {{TOTAL}} ({{TOTAL_WORDS}}), {{VAT}}.
2.2. Заказчик вносит предоплату {{PREPAYMENT_PERCENT}} % в размере {{PREPAYMENT}} ({{PREPAYMENT_WORDS}}) в течение 3 банковских дней со дня подписания договора.
2.3. Остаток {{REMAINDER}} ({{REMAINDER_WORDS}}) Заказчик оплачивает в течение 3 банковских дней со дня подписания акта выполненных работ.
2.4. Оплата производится на расчётный счёт Подрядчика; датой оплаты считается день зачисления средств.

3. СРОКИ ВЫПОЛНЕНИЯ РАБОТ
{{TERMS}}
3.2. Сроки переносятся на время, пока работы невозможны из-за погоды, промерзания грунта или отсутствия доступа к объекту, о чём Подрядчик сообщает Заказчику.

4. ОБЯЗАННОСТИ СТОРОН
4.1. Подрядчик выполняет работы качественно, в срок, своими силами и инструментом, соблюдая строительные нормы и правила.
4.2. Заказчик обеспечивает доступ к объекту, подъезд техники и электроснабжение, принимает работы по акту и оплачивает их в срок.
4.3. Работы, не указанные в смете, выполняются по дополнительному соглашению сторон.

5. ГАРАНТИЯ
{{WARRANTY}}

6. ОТВЕТСТВЕННОСТЬ СТОРОН
{{PENALTY}}
6.2. За нарушение сроков оплаты Заказчик уплачивает неустойку 0,1 % от неоплаченной суммы за каждый день просрочки, но не более 10 % этой суммы.
6.3. Споры решаются переговорами, а при недостижении согласия — в суде по месту нахождения объекта.

7. ПРОЧИЕ УСЛОВИЯ
7.1. Договор вступает в силу с момента подписания и действует до полного исполнения обязательств.
7.2. Договор может быть подписан простой электронной подписью Заказчика по персональной ссылке Подрядчика; такая подпись равнозначна собственноручной.
7.3. Заказчик даёт согласие на обработку своих персональных данных в целях исполнения договора.

8. РЕКВИЗИТЫ И ПОДПИСИ СТОРОН
Подрядчик: {{COMPANY_NAME}}
{{COMPANY_REQUISITES}}
Адрес: {{COMPANY_ADDRESS}}
{{COMPANY_BANK}}
Руководитель: ____________ / {{COMPANY_DIRECTOR}} /

Заказчик: {{CLIENT_NAME}}
{{CLIENT_DETAILS}}
Подпись: ____________ / {{CLIENT_SIGNER}} /
`;

const placeholderPattern = /\{\{\s*([A-Za-z_]+)\s*\}\}/g;

/** The placeholders a template uses that do not exist (an editor's typo must not print as blank). */
export function unknownPlaceholders(template: string): string[] {
  const unknown = new Set<string>();
  for (const m of template.matchAll(placeholderPattern)) if (!(m[1] in placeholders)) unknown.add(m[1]);
  return [...unknown];
}

/** Fills a template; an unknown placeholder throws with its name. */
export function renderTemplate(template: string, values: Record<Placeholder, string>): string {
  const unknown = unknownPlaceholders(template);
  if (unknown.length) throw new Error(`Unknown placeholders: ${unknown.map((u) => `"{{${u}}}"`).join(", ")}`);
  // A value that ends a sentence itself («… руб.») takes the template's full stop after it, not «руб..».
  return template.replace(
    new RegExp(`${placeholderPattern.source}(\\.?)`, "g"),
    (_, name: Placeholder, stop: string) => values[name] + (stop && values[name].endsWith(".") ? "" : stop),
  );
}

const rub = new Intl.NumberFormat("ru-RU", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Money as a contract prints it: «343 780,00 руб.» (plain spaces, so a PDF or a bank app reads it). */
export function contractMoney(kopecks: number): string {
  return `${rub.format(kopecks / 100).replace(/\s/g, " ")} руб.`;
}

const months = [
  "января",
  "февраля",
  "марта",
  "апреля",
  "мая",
  "июня",
  "июля",
  "августа",
  "сентября",
  "октября",
  "ноября",
  "декабря",
];
/** «23 ноября 2026 г.» in Moscow time. */
export function contractDate(date: Date): string {
  const { year, month, day } = moscowCalendar(date);
  return `${day} ${months[month - 1]} ${year} г.`;
}

/** dd.mm.yyyy in Moscow time, for file names and the payment purpose. */
export function contractDay(date: Date): string {
  const [year, month, day] = moscowDate(date).split("-");
  return `${day}.${month}.${year}`;
}

export interface ContractEstimate {
  estimateNumber: string;
  totalAmount: number;
  vatMode: string;
  vatAmount: number;
  subtotals: { section: string; amount: number }[];
}

/** The VAT sentence of clause 2.1 from the estimate's VAT mode. */
export function vatSentence(e: Pick<ContractEstimate, "vatMode" | "vatAmount">): string {
  // On top or included, the total of the contract is what the client pays, VAT in it.
  const { rate } = vatLine(e.vatMode);
  if (rate === 0) return "НДС не облагается";
  return `в том числе НДС ${rate} % — ${contractMoney(e.vatAmount)}`;
}

/** Every placeholder's value for one contract. */
export function contractValues(input: {
  workType: WorkType;
  data: ContractFields;
  company: CompanyRequisites;
  estimate: ContractEstimate;
  date: Date;
  /** A person when not given. */
  client?: ContractClient;
}): Record<Placeholder, string> {
  const { data, company: co, estimate: e } = input;
  const client = input.client ?? { kind: "person" };
  const cl = clauses[input.workType];
  const prepayment = prepaymentAmount(e.totalAmount, data.PREPAYMENT_PERCENT);
  const remainder = e.totalAmount - prepayment;
  const kpp = cleanRequisite(co.kpp);
  return {
    CONTRACT_NUMBER: data.CONTRACT_NUMBER,
    CONTRACT_DATE: contractDate(input.date),
    CITY: data.CITY || "Москва",
    COMPANY_NAME: co.name,
    COMPANY_REQUISITES: requisitesLine({ inn: co.inn, kpp, ogrn: co.ogrn }),
    COMPANY_DIRECTOR: co.directorName ?? "",
    COMPANY_ADDRESS: co.legalAddress ?? "",
    COMPANY_BANK: `Банк: ${co.bankName}, БИК ${cleanRequisite(co.bankBik)}, р/с ${
      cleanRequisite(co.bankAccount)
    }, к/с ${cleanRequisite(co.bankCorAccount)}`,
    CLIENT_NAME: data.CLIENT_NAME,
    CLIENT_PHONE: data.CLIENT_PHONE || "не указан",
    CLIENT_PASSPORT: data.CLIENT_PASSPORT,
    CLIENT_ADDRESS: data.CLIENT_ADDRESS,
    ...clientParts(data, client),
    PENALTY: penaltyClause(client.kind),
    OBJECT_ADDRESS: data.OBJECT_ADDRESS,
    ESTIMATE_NUMBER: e.estimateNumber,
    WORK_TITLE: cl.title,
    WORK_SUBJECT: cl.subject,
    WORKS: e.subtotals.length
      ? e.subtotals.map((s, i, all) =>
        `  ${i + 1}) ${s.section} — ${contractMoney(s.amount)}${i === all.length - 1 ? "" : ";"}`
      ).join("\n")
      : "  (позиции сметы не указаны)",
    TOTAL: contractMoney(e.totalAmount),
    TOTAL_WORDS: amountInWords(e.totalAmount),
    VAT: vatSentence(e),
    PREPAYMENT_PERCENT: String(data.PREPAYMENT_PERCENT),
    PREPAYMENT: contractMoney(prepayment),
    PREPAYMENT_WORDS: amountInWords(prepayment),
    REMAINDER: contractMoney(remainder),
    REMAINDER_WORDS: amountInWords(remainder),
    TERMS: cl.terms,
    WARRANTY: cl.warranty,
  };
}

/** The client's side of the preamble and of the signatures, for a person or an organisation. */
function clientParts(
  data: ContractFields,
  client: ContractClient,
): Pick<Record<Placeholder, string>, "CLIENT_PARTY" | "CLIENT_DETAILS" | "CLIENT_SIGNER"> {
  const phone = `Телефон: ${data.CLIENT_PHONE || "не указан"}`;
  if (client.kind === "person") {
    return {
      CLIENT_PARTY:
        `${data.CLIENT_NAME}, паспорт ${data.CLIENT_PASSPORT}, зарегистрированный(-ая) по адресу: ` +
        data.CLIENT_ADDRESS,
      CLIENT_DETAILS: [`Паспорт: ${data.CLIENT_PASSPORT}`, `Адрес: ${data.CLIENT_ADDRESS}`, phone].join("\n"),
      CLIENT_SIGNER: data.CLIENT_NAME,
    };
  }
  const signer = client.signer?.trim();
  return {
    CLIENT_PARTY: `${data.CLIENT_NAME} (${requisitesLine(client)}, адрес: ${data.CLIENT_ADDRESS})` +
      (signer ? `, от имени которого действует ${signer}` : ""),
    CLIENT_DETAILS: [requisitesLine(client), `Адрес: ${data.CLIENT_ADDRESS}`, bankLine(client), phone]
      .filter(Boolean).join("\n"),
    CLIENT_SIGNER: signer || data.CLIENT_NAME,
  };
}

/** The payment purpose the QR and the bank order carry. */
export function paymentPurpose(contractNumber: string, date: Date): string {
  return `Предоплата по договору №${contractNumber} от ${contractDay(date)}`;
}

/** `Договор_{number}_{date}` without characters a file system refuses. */
export function contractFileName(contractNumber: string, date: Date, ext: "pdf" | "docx"): string {
  const safe = contractNumber.replace(/[\\/:*?"<>|\s]+/g, "-");
  return `Договор_${safe}_${contractDay(date)}.${ext}`;
}

export const TEMPLATE_MIN_CHARS = 100;
export const TEMPLATE_MAX_CHARS = 50_000;

/** What is wrong with a company's template (too short, too long, an unknown placeholder), or null. */
export function templateProblem(body: string): string | null {
  const text = body.trim();
  if (text.length < TEMPLATE_MIN_CHARS) {
    return `Шаблон слишком короткий: не меньше ${TEMPLATE_MIN_CHARS} символов`;
  }
  if (text.length > TEMPLATE_MAX_CHARS) return `Не более ${TEMPLATE_MAX_CHARS} символов`;
  const unknown = unknownPlaceholders(text);
  if (unknown.length) return `Неизвестные подстановки: ${unknown.map((u) => `{{${u}}}`).join(", ")}`;
  return null;
}

/** Who makes contracts and payment links: staff but the foreman, who only reads them. */
export const contractMakerRoles = [
  "system_admin",
  "company_admin",
  "chief_engineer",
  "manager",
  "measurement_engineer",
] as const;
/** Who records a received payment and revokes a client's link. */
export const paymentKeeperRoles = ["system_admin", "company_admin", "chief_engineer", "manager"] as const;

export const SIGNATURE_MAX_CHARS = 400_000;

/** What keeps a signature from being taken, by field (empty when it may be): full name, drawing, consent. */
export function signatureProblems(
  s: { fullName: string; signature: string; agree: boolean },
): Record<string, string> {
  const out: Record<string, string> = {};
  const name = s.fullName.trim();
  if (name.length < 3) out.fullName = "Введите фамилию, имя и отчество";
  else if (name.length > 255) out.fullName = "Не более 255 символов";
  else if (name.split(/\s+/).length < 2) out.fullName = "Введите фамилию, имя и отчество полностью";
  if (!/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/.test(s.signature)) out.signature = "Нарисуйте подпись";
  else if (s.signature.length > SIGNATURE_MAX_CHARS) {
    out.signature = "Подпись слишком большая, нарисуйте её проще";
  }
  if (s.agree !== true) out.agree = "Подтвердите согласие с условиями договора";
  return out;
}
