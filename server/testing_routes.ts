// Test helpers for the tests generated from the app's own route table (routes_matrix_test.ts, fuzz_test.ts):
// the API routes as the app registered them, who may call each one, and real ids to put in their paths.
import { type Role, staffRoles } from "../domain/roles.ts";
import { notifyUsers } from "../db/notifications.ts";
import { createWebhook } from "../db/company_mail.ts";
import { expectOk, fileForm, prepaymentLink, type TestApp, tinyMp4 } from "./testing.ts";
import { toDateInput } from "../domain/tasks.ts";
import { contractMakerRoles, paymentKeeperRoles } from "../domain/contract_text.ts";
import { shopStaffRoles } from "../domain/shop.ts";
import { actMakerRoles } from "../domain/acts.ts";
import { agreementMakerRoles, changeRecorderRoles } from "../domain/job_changes.ts";
import { testChangeAndAgreement } from "../db/testing_job_changes.ts";
import { openStorefront } from "../db/shop.ts";
import { signAgreementByLink } from "../db/service.ts";
import { drawnPng } from "./testing_client_links.ts";
import { equipmentEditorRoles, planAdminRoles } from "./api/service.ts";

/** Who may call a route: anyone, any signed-in user, the owner account, or these roles. */
export type Rule = "public" | "auth" | "owner" | readonly Role[];

const admins: readonly Role[] = ["system_admin", "company_admin"];
const editors: readonly Role[] = ["manager", "chief_engineer", "company_admin", "system_admin"];
const employeeManagers: readonly Role[] = ["system_admin", "company_admin", "chief_engineer"];

/**
 * The rule of every API route, as `METHOD path` exactly as hono lists it. A route the app registers
 * without an entry here fails the matrix test: whoever adds a route says who may call it.
 */
export const apiRules: Record<string, Rule> = {
  "GET /api/user": "auth",
  "GET /api/offline/field-work": ["measurement_engineer"],
  "POST /api/login": "public",
  "POST /api/register": "public",
  "POST /api/logout": "public",
  "GET /api/logout": "public",
  "POST /api/change-password": "auth",
  "GET /api/login": "public",
  "GET /api/callback": "public",
  "GET /api/notifications": "auth",
  "GET /api/notifications/unread-count": "auth",
  "PUT /api/notifications/mark-all-read": "auth",
  "PUT /api/notifications/:id/read": "auth",
  "DELETE /api/notifications/:id": "auth",
  "GET /api/companies": admins,
  "POST /api/companies": ["system_admin"],
  "GET /api/companies/:id": "auth",
  "PATCH /api/companies/:id": admins,
  "POST /api/companies/:id/logo": admins,
  "DELETE /api/companies/:id/logo": admins,
  "GET /api/companies/:id/logo/:file": "auth",
  "GET /api/users": admins,
  "POST /api/users": admins,
  "GET /api/users/:id": admins,
  "PATCH /api/users/:id": admins,
  "GET /api/admin/users": "owner",
  "PUT /api/admin/users/:id/role": "owner",
  "PUT /api/admin/users/:id/company": "owner",
  "DELETE /api/admin/cleanup": "owner",
  "PATCH /api/profile": "auth",
  "POST /api/profile/avatar": "auth",
  "DELETE /api/profile/avatar": "auth",
  "GET /api/profile/avatar/:userId/:file": "auth",
  "GET /api/settings/shop": ["company_admin"],
  "PUT /api/settings/shop": ["company_admin"],
  "GET /api/settings/price-list": ["company_admin"],
  "GET /api/settings/price-list/download": ["company_admin"],
  "POST /api/settings/price-list": ["company_admin"],
  "DELETE /api/settings/price-list": ["company_admin"],
  "GET /api/settings/equipment-price": ["company_admin"],
  "PUT /api/settings/equipment-price": ["company_admin"],
  "GET /api/settings/works-start": ["company_admin", "chief_engineer"],
  "PUT /api/settings/works-start": ["company_admin"],
  "GET /api/tasks": staffRoles,
  "GET /api/tasks/assignees": staffRoles,
  "GET /api/tasks/:id": staffRoles,
  "POST /api/tasks": editors,
  "PATCH /api/tasks/:id": staffRoles,
  "GET /api/crews": staffRoles,
  "POST /api/crews": editors,
  "PUT /api/crews/:id": editors,
  "DELETE /api/crews/:id": editors,
  "GET /api/schedule/suggest": staffRoles,
  "GET /api/calendar-feed/:token": "public",
  "POST /api/calendar-feed": staffRoles,
  "DELETE /api/calendar-feed": staffRoles,
  "GET /api/stats": staffRoles,
  "GET /api/analytics": staffRoles,
  "GET /api/analytics/export": staffRoles,
  "GET /api/activity": staffRoles,
  "GET /api/activities": staffRoles,
  "GET /api/foreman/projects": ["foreman", "system_admin"],
  "POST /api/foreman/objects/:id/start-work": ["foreman", "system_admin"],
  "POST /api/foreman/objects/:id/complete-work": ["foreman", "system_admin"],
  "GET /api/objects": staffRoles,
  "GET /api/objects/districts": staffRoles,
  "POST /api/objects": editors,
  "GET /api/objects/:id{[0-9]+}": staffRoles,
  "PATCH /api/objects/:id{[0-9]+}": editors,
  "PUT /api/objects/:id{[0-9]+}/status-override": ["chief_engineer", "company_admin", "system_admin"],
  "GET /api/objects/:id{[0-9]+}/status-override": ["chief_engineer", "company_admin", "system_admin"],
  "GET /api/objects/:id{[0-9]+}/documents": staffRoles,
  "POST /api/objects/:id{[0-9]+}/documents": staffRoles,
  "GET /api/objects/:id{[0-9]+}/videos": staffRoles,
  "POST /api/objects/:id{[0-9]+}/videos": staffRoles,
  "GET /api/address/suggest": "auth",
  "GET /api/documents": staffRoles,
  "GET /api/documents/:id{[0-9]+}": staffRoles,
  "GET /api/documents/:id{[0-9]+}/download": staffRoles,
  "DELETE /api/documents/:id{[0-9]+}": staffRoles,
  "GET /api/videos/:id{[0-9]+}/file": staffRoles,
  "HEAD /api/videos/:id{[0-9]+}/file": staffRoles,
  "GET /api/videos/:id{[0-9]+}": staffRoles,
  "DELETE /api/videos/:id{[0-9]+}": staffRoles,
  "GET /api/employees": staffRoles,
  "POST /api/employees": employeeManagers,
  "PATCH /api/employees/:id{[0-9]+}": employeeManagers,
  // Anyone may change their own avatar; the matrix asks about a colleague's.
  "POST /api/employees/:id{[0-9]+}/avatar": employeeManagers,
  "GET /api/measurements/form": staffRoles,
  "GET /api/measurements/:taskId{[0-9]+}": staffRoles,
  "POST /api/measurements": staffRoles,
  "GET /api/estimates": staffRoles,
  "POST /api/estimates/generate": staffRoles,
  "POST /api/estimates": staffRoles,
  "GET /api/estimates/:id{[0-9]+}": staffRoles,
  "PATCH /api/estimates/:id{[0-9]+}": staffRoles,
  "GET /api/estimates/:id{[0-9]+}/export": staffRoles,
  "GET /api/estimates/:id{[0-9]+}/versions": staffRoles,
  "GET /api/estimates/:id{[0-9]+}/changes": staffRoles,
  "POST /api/estimates/:id{[0-9]+}/send-to-client": editors,
  "GET /api/estimates/:id{[0-9]+}/decisions": staffRoles,
  "GET /api/estimates/price-items": staffRoles,
  "POST /api/estimates/:id{[0-9]+}/edits": editors,
  "POST /api/field-work/report": staffRoles,
  "POST /api/contracts/generate": contractMakerRoles,
  "GET /api/contracts/object/:objectId": staffRoles,
  "POST /api/contracts/object/:objectId/access": paymentKeeperRoles,
  "GET /api/contracts/templates": admins,
  "PUT /api/contracts/templates/:workType": admins,
  "DELETE /api/contracts/templates/:workType": admins,
  "GET /api/contracts/:id": staffRoles,
  "GET /api/invoices/object/:objectId": staffRoles,
  "POST /api/invoices/object/:objectId": contractMakerRoles,
  "GET /api/invoices/:id/pdf": staffRoles,
  "GET /api/closing-documents/object/:objectId/ks2.pdf": staffRoles,
  "GET /api/closing-documents/object/:objectId/ks3.pdf": staffRoles,
  "GET /api/closing-documents/object/:objectId/ks.xlsx": staffRoles,
  "GET /api/contracts/:id/pdf": staffRoles,
  "GET /api/contracts/:id/docx": staffRoles,
  "POST /api/contracts/links/:id/revoke": paymentKeeperRoles,
  "POST /api/payment/generate": contractMakerRoles,
  "POST /api/payment/:id/received": paymentKeeperRoles,
  "POST /api/payment/final": paymentKeeperRoles,
  "GET /api/client-messages/object/:objectId": staffRoles,
  "POST /api/client-messages/object/:objectId/resend": paymentKeeperRoles,
  "GET /api/client-messages/settings": ["company_admin"],
  "POST /api/unsubscribe/:token": "public",
  "PUT /api/client-messages/settings": ["company_admin"],
  "PUT /api/client-messages/mail-server": ["company_admin"],
  "DELETE /api/client-messages/mail-server": ["company_admin"],
  "POST /api/client-messages/mail-server/test": ["company_admin"],
  "POST /api/client-messages/webhooks": ["company_admin"],
  "PATCH /api/client-messages/webhooks/:id": ["company_admin"],
  "POST /api/client-messages/webhooks/:id/rotate": ["company_admin"],
  "DELETE /api/client-messages/webhooks/:id": ["company_admin"],
  // The client's link: anyone holding the token (it is the secret); attaching needs a customer's account.
  "POST /api/client-links/:token/accept": "public",
  "POST /api/client-links/:token/request-changes": "public",
  "POST /api/client-links/:token/sign": "public",
  "POST /api/client-links/:token/attach": ["user"],
  "POST /api/client-links/:token/visits/:visitId/sign": "public",
  "GET /api/client-links/:token/qr.png": "public",
  "GET /api/client-links/:token/contract.pdf": "public",
  "GET /api/client-links/:token/contract.docx": "public",
  "GET /api/client-links/:token/act.pdf": "public",
  "GET /api/client-links/:token/invoices/:id/pdf": "public",
  "GET /api/client-links/:token/ks2.pdf": "public",
  "GET /api/client-links/:token/ks3.pdf": "public",
  "GET /api/client-links/:token/ks.xlsx": "public",
  "POST /api/client-links/:token/act/sign": "public",
  "POST /api/client-links/:token/act/refuse": "public",
  "GET /api/acts/object/:objectId": staffRoles,
  "POST /api/acts/object/:objectId/finish": actMakerRoles,
  "GET /api/acts/:id/pdf": staffRoles,
  "GET /api/client-links/:token/agreement.pdf": "public",
  "POST /api/client-links/:token/agreement/sign": "public",
  "POST /api/client-links/:token/agreement/refuse": "public",
  "GET /api/job-changes/object/:objectId": staffRoles,
  "POST /api/job-changes/object/:objectId": changeRecorderRoles,
  "PATCH /api/job-changes/:id": agreementMakerRoles,
  "DELETE /api/job-changes/:id": agreementMakerRoles,
  "POST /api/job-changes/object/:objectId/agreement": agreementMakerRoles,
  "GET /api/job-changes/agreement/:id/pdf": staffRoles,
  "GET /api/my/contracts/:id/pdf": ["user"],
  "GET /api/service/objects/:objectId": staffRoles,
  "POST /api/service/objects/:objectId/equipment": equipmentEditorRoles,
  "PUT /api/service/equipment/:id": equipmentEditorRoles,
  "GET /api/service/equipment/:id/warranty.pdf": staffRoles,
  "GET /api/service/equipment/:id/passport.pdf": staffRoles,
  "GET /api/service/plans": staffRoles,
  "POST /api/service/plans/defaults": planAdminRoles,
  "POST /api/service/plans": planAdminRoles,
  "PUT /api/service/plans/:id": planAdminRoles,
  "POST /api/service/objects/:objectId/agreements": contractMakerRoles,
  "POST /api/service/agreements/:id/send": contractMakerRoles,
  "POST /api/service/agreements/:id/renew": contractMakerRoles,
  "GET /api/service/agreements/:id/pdf": staffRoles,
  "POST /api/service/agreements/:id/payment": paymentKeeperRoles,
  "POST /api/service/payments/:id/received": paymentKeeperRoles,
  "GET /api/client-links/:token/service": "public",
  "POST /api/client-links/:token/service-request": "public",
  "POST /api/client-links/:token/agreements/:id/sign": "public",
  "GET /api/client-links/:token/agreements/:id/pdf": "public",
  "GET /api/client-links/:token/equipment/:id/warranty.pdf": "public",
  "GET /api/client-links/:token/visits/:id/report.pdf": "public",
  "GET /api/client-links/:token/equipment/:id/passport.pdf": "public",
  "GET /api/shop/shops": "public",
  "GET /api/shop/categories": "public",
  "GET /api/shop/products": "public",
  "GET /api/shop/products/:slug": "public",
  "GET /api/shop/images/:id/:file": "public",
  "GET /api/shop/cart": "public",
  "POST /api/shop/cart": "public",
  "PATCH /api/shop/cart/:productId": "public",
  "DELETE /api/shop/cart/:productId": "public",
  "POST /api/shop/cart/:productId/confirm-price": "public",
  // A guest orders when the shop allows it; the handler answers 401 otherwise.
  "POST /api/shop/orders": "public",
  "GET /api/shop/orders/mine": "auth",
  // The buyer's own order, or anyone's with its key.
  "GET /api/shop/orders/:number": "public",
  "GET /api/shop/calculator": "public",
  "GET /api/shop/economy": "public",
  "GET /api/shop/manage/categories": shopStaffRoles,
  // Categories are shared by every shop.
  "POST /api/shop/manage/categories": ["system_admin"],
  "PUT /api/shop/manage/categories/:id": ["system_admin"],
  "GET /api/shop/manage/products": shopStaffRoles,
  "POST /api/shop/manage/products": shopStaffRoles,
  "PUT /api/shop/manage/products/:id": shopStaffRoles,
  "POST /api/shop/manage/products/:id/images": shopStaffRoles,
  "GET /api/orders": shopStaffRoles,
  "GET /api/orders/:id": shopStaffRoles,
  "PATCH /api/orders/:id": shopStaffRoles,
  "GET /api/service/visits": staffRoles,
  // A surveyor's or foreman's own visits only: another's answers 404 (the route's work, not a refusal).
  "GET /api/service/visits/:id": staffRoles,
  "GET /api/service/visits/:id/report.pdf": staffRoles,
  "POST /api/service/visits/:id/send-report": staffRoles,
  "POST /api/service/visits/:id/move": editors,
  "POST /api/service/visits/:id/report": staffRoles,
  "POST /api/service/visits/:id/sign": staffRoles,
  "POST /api/service/agreements/:id/activate": editors,
  "GET /api/service/renewals": editors,
};

/**
 * The operator's routes outside /api (server/health.ts, server/metrics_route.ts): the probes are public, the
 * metrics answer only to the bearer token METRICS_TOKEN (404 otherwise).
 */
export const operationRoutes: Record<string, "public" | "token"> = {
  "/healthz": "public",
  "/readyz": "public",
  "/metrics": "token",
};

export interface ApiRoute {
  method: string;
  path: string;
  key: string;
}

/** Every API endpoint the app registered (not its middleware, not the /api 404 fallback), in order. */
export function apiRoutes(app: TestApp["app"]): ApiRoute[] {
  const seen = new Set<string>();
  const out: ApiRoute[] = [];
  for (const r of app.routes) {
    if (r.method === "ALL" || !r.path.startsWith("/api/")) continue;
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ method: r.method, path: r.path, key });
  }
  return out;
}

/** The signed-in people of the matrix: the demo's staff of every role, its customer, and the other company. */
export const people = {
  user: "client@demo.local",
  system_admin: "admin@demo.local",
  company_admin: "director@demo.local",
  chief_engineer: "engineer@demo.local",
  manager: "manager@demo.local",
  measurement_engineer: "surveyor@demo.local",
  foreman: "foreman@demo.local",
} as const satisfies Record<Role, string>;
export const otherAdmin = "admin@other.local";

/** The kinds of record a path parameter names. */
type Kind =
  | "notification"
  | "company"
  | "user"
  | "task"
  | "object"
  | "document"
  | "video"
  | "estimate"
  | "contract"
  | "act"
  | "clientLink"
  | "payment"
  | "invoice"
  | "token"
  | "product"
  | "productSlug"
  | "category"
  | "order"
  | "orderNumber"
  | "orderKey"
  | "equipment"
  | "plan"
  | "agreement"
  | "servicePayment"
  | "serviceVisit"
  | "crew"
  | "jobChange"
  | "supplementaryAgreement"
  | "webhook";
export type Records = Record<Kind, number | string>;

/** The kind of record behind a path parameter, by the parameter's own name (before its segment). */
const kindByName: Record<string, Kind> = {
  token: "token",
  slug: "productSlug",
  productId: "product",
  number: "orderNumber",
  companyId: "company",
  objectId: "object",
  visitId: "serviceVisit",
};

/** Parameters that name no company's record: the same value is everyone's. */
const sharedValues: Record<string, string> = { file: "missing.png", workType: "septic" };

/** Parameters anyone may name: a file, a contract template's work type, a storefront's company. */
const openParams = new Set([...Object.keys(sharedValues), "companyId"]);

/** Whether the path names a record that belongs to a company, so another company must not reach it. */
export function namesRecord(path: string): boolean {
  return path.split("/").some((s) => s.startsWith(":") && !openParams.has(paramName(s)));
}

const paramName = (segment: string) => segment.slice(1).replace(/\{.*\}$/, "");

/** The kind of record behind a path parameter, from the path segment before it. */
const kindBySegment: Record<string, Kind> = {
  notifications: "notification",
  companies: "company",
  users: "user",
  avatar: "user",
  employees: "user",
  tasks: "task",
  measurements: "task",
  objects: "object",
  documents: "document",
  videos: "video",
  estimates: "estimate",
  contracts: "contract",
  acts: "act",
  links: "clientLink",
  payment: "payment",
  invoices: "invoice",
  products: "product",
  images: "product",
  categories: "category",
  orders: "order",
  equipment: "equipment",
  plans: "plan",
  agreements: "agreement",
  payments: "servicePayment",
  visits: "serviceVisit",
  crews: "crew",
  "job-changes": "jobChange",
  agreement: "supplementaryAgreement",
  webhooks: "webhook",
};

/**
 * The path with its parameters replaced: ids from `records` (or `value` for every id when given), a
 * file name that does not exist for `:file` and a work type for `:workType`. Throws for a parameter it
 * cannot place, so a new kind of route gets a line in kindByName or kindBySegment.
 */
export function fillPath(path: string, records: Records, value?: string): string {
  const segments = path.split("/");
  return segments.map((segment, i) => {
    if (!segment.startsWith(":")) return segment;
    const name = paramName(segment);
    if (name === "file") return sharedValues.file;
    if (value !== undefined) return encodeURIComponent(value);
    if (name in sharedValues) return sharedValues[name];
    const kind = kindByName[name] ?? kindBySegment[segments[i - 1]];
    if (!kind) throw new Error(`No record for the parameter "${segment}" of "${path}"`);
    return encodeURIComponent(String(records[kind]));
  }).join("/");
}

/** The demo company's and the other company's records of every kind, created where the seed has none. */
export async function seedRecords(t: TestApp): Promise<{ demo: Records; other: Records }> {
  return {
    demo: await recordsOf(t, people.company_admin, "surveyor2@demo.local"),
    other: await recordsOf(t, otherAdmin, otherAdmin),
  };
}

/** A raw request's JSON answer (any 2xx): for the calls the typed client cannot make (see each one). */
async function ok<T>(res: Response | Promise<Response>, what: string): Promise<T> {
  const r = await res;
  const text = await r.text();
  if (!r.ok) throw new Error(`Setting up ${what} answered ${r.status}: ${text}`);
  return JSON.parse(text) as T;
}

/**
 * A company's records, made by its administrator: an object, a task without an assignee (every reader
 * must cope with one), a document, a video, an estimate, a notification, the estimate's contract with
 * a payment link (its client's token) and the shop's records; `userEmail` is the person whose id
 * stands for users and employees.
 */
async function recordsOf(t: TestApp, admin: string, userEmail: string): Promise<Records> {
  const api = t.as(admin).api;
  const me = await expectOk(api.user.$get());
  const companyId = me.companyId!; // Both administrators belong to a company.
  const person = await expectOk(t.as(userEmail).api.user.$get());
  const [objectRow] = await expectOk(api.objects.$get({ query: {} }));
  const object = objectRow.id;
  const objectParam = { param: { objectId: String(object) } };
  const due = toDateInput(new Date(t.deps.now().getTime() + 7 * 86_400_000));
  const task = await expectOk(
    api.tasks.$post({ json: { title: "Задача без исполнителя", dueDate: due, objectId: object } }),
    201,
  );
  // Uploads stay raw requests: the routes read the multipart body themselves, which the typed client cannot send.
  const document = await ok<{ id: number }>(
    t.request(`/api/objects/${object}/documents`, {
      as: admin,
      method: "POST",
      body: fileForm("file", "акт", "act.txt", { type: "text/plain" }),
    }),
    "a document",
  );
  const video = await ok<{ id: number }>(
    t.request(`/api/objects/${object}/videos`, {
      as: admin,
      method: "POST",
      body: fileForm("video", tinyMp4(), "clip.mp4", { type: "video/mp4" }),
    }),
    "a video",
  );
  const estimate = await expectOk(
    api.estimates.$post({
      json: {
        objectId: object,
        estimateNumber: `М-${companyId}`,
        items: [{ name: "Септик", unit: "шт", quantity: 1, pricePerUnit: 100_000 }],
      },
    }),
    201,
  );
  await notifyUsers(t.deps.db, [me.id], {
    at: t.deps.now(),
    companyId,
    type: "task_assigned",
    title: "Новая задача",
    message: "Задача без исполнителя",
    relatedTaskId: task!.id,
  });
  const notes = await expectOk(api.notifications.$get({ query: {} }));
  await completeRequisites(t, admin, companyId);
  const contract = await expectOk(
    api.contracts.generate.$post({
      json: {
        templateId: `${objectRow.workType}_contract`,
        contractData: {
          ...contractParty,
          CONTRACT_NUMBER: `Д-М-${companyId}`,
          OBJECT_ADDRESS: objectRow.address,
        },
        objectId: object,
        estimateData: { id: estimate.id },
      },
    }),
    201,
  );
  const payment = await prepaymentLink(t, admin, {
    amount: contract.contract.prepaymentAmount,
    objectId: object,
  });
  const invoice = await expectOk(api.invoices.object[":objectId"].$post(objectParam), 201);
  // The works under way (set by hand), then finished: the object's act.
  await expectOk(
    api.objects[":id{[0-9]+}"]["status-override"].$put({
      param: { id: String(object) },
      json: { status: "work_in_progress", reason: "Для проверки прав" },
    }),
  );
  const act = await expectOk(api.acts.object[":objectId"].finish.$post(objectParam));
  const shop = await shopRecords(t, admin, companyId);
  const service = await serviceRecords(t, admin, object, companyId);
  const crew = await expectOk(api.crews.$post({ json: { name: "Бригада", memberIds: [person.id] } }), 201);
  // Straight into the database: the route's own POST needs MAIL_SECRET_KEY, which these apps do not set.
  const webhook = await createWebhook(t.deps.db, companyId, {
    url: "https://crm.example.ru/hooks",
    events: ["contract_to_sign"],
    secretCipher: "v1.sealed-elsewhere",
    now: t.deps.now(),
  });
  return {
    ...await testChangeAndAgreement(t.deps.db, object),
    webhook,
    crew: crew!.id,
    act: act.act!.id,
    invoice: invoice.id,
    notification: notes[0].id,
    company: companyId,
    user: person.id,
    task: task!.id,
    object,
    document: document.id,
    video: video.id,
    estimate: estimate.id,
    contract: contract.contract.id,
    clientLink: payment.linkId,
    payment: payment.paymentId,
    token: new URL(payment.paymentLink).pathname.split("/").pop()!,
    ...shop,
    ...service,
  };
}

/** A station on the object, the typical plans, a signed service agreement with its visits, its payment awaited. */
async function serviceRecords(t: TestApp, admin: string, object: number, companyId: number) {
  const api = t.as(admin).api;
  const objectParam = { param: { objectId: String(object) } };
  const equipment = await expectOk(
    api.service.objects[":objectId"].equipment.$post({
      ...objectParam,
      json: { kind: "station", modelCode: "topas-5", modelName: "Топас 5", serialNumber: "T5-0001" },
    }),
    201,
  );
  // Its answer unchecked: 201 with the plans added, 200 when the company has them all already.
  await api.service.plans.defaults.$post();
  const [plan] = await expectOk(api.service.plans.$get());
  const agreement = await expectOk(
    api.service.objects[":objectId"].agreements.$post({
      ...objectParam,
      json: { planId: plan.id, equipmentId: equipment.id, startsOn: "2026-12-01", payMode: "year" },
    }),
    201,
  );
  const agreementParam = { param: { id: String(agreement.id) } };
  await expectOk(api.service.agreements[":id"].send.$post(agreementParam));
  await signAgreementByLink(t.deps.db, { companyId, objectId: object }, agreement.id, {
    signerName: "Иванов Иван Иванович",
    signatureImage: drawnPng(),
    ip: null,
    userAgent: null,
    at: t.deps.now(),
  });
  const servicePayment = await expectOk(api.service.agreements[":id"].payment.$post(agreementParam), 201);
  // Signing scheduled the agreement's visits (its start is ahead: the first is on 2026-12-01 or later).
  const visits = await expectOk(api.service.visits.$get({ query: { objectId: String(object) } }));
  return {
    serviceVisit: visits[0].id,
    equipment: equipment.id,
    plan: plan.id,
    agreement: agreement.id,
    servicePayment: servicePayment.paymentId,
  };
}

const requisites = [
  "ogrn",
  "legalAddress",
  "directorName",
  "bankName",
  "bankBik",
  "bankAccount",
  "bankCorAccount",
  "kpp",
] as const;

/** Contracts and payment links need the company's requisites: a company without them gets the demo's. */
async function completeRequisites(t: TestApp, admin: string, companyId: number) {
  const api = t.as(admin).api;
  const demoApi = t.as(people.company_admin).api;
  const param = { id: String(companyId) };
  const own = await expectOk(api.companies[":id"].$get({ param }));
  if (requisites.every((k) => own[k])) return;
  const demo = await expectOk(demoApi.user.$get());
  const from = await expectOk(demoApi.companies[":id"].$get({ param: { id: String(demo.companyId) } }));
  await expectOk(
    api.companies[":id"].$patch({
      param,
      json: Object.fromEntries(requisites.map((k) => [k, own[k] || from[k]])),
    }),
  );
}

const contractParty = {
  CLIENT_NAME: "Смирнов Алексей Петрович",
  CLIENT_PHONE: "+7 916 555-12-34",
  CLIENT_PASSPORT: "4510 123456, выдан ОВД Тверского района г. Москвы 12.03.2015",
  CLIENT_ADDRESS: "г. Москва, ул. Тверская, д. 1, кв. 5",
  PREPAYMENT_PERCENT: 30,
  CITY: "Москва",
};

/**
 * A company's shop records: a product of its own (a storefront is opened for a company without one)
 * and an order placed through its storefront by a guest; the category is the shared one it files under.
 */
async function shopRecords(t: TestApp, admin: string, companyId: number) {
  const api = t.as(admin).api;
  // Raw: signed out, which the typed client (always a user's) is not.
  const shops = await ok<{ companyId: number }[]>(t.request("/api/shop/shops"), "shops");
  if (!shops.some((s) => s.companyId === companyId)) {
    await openStorefront(t.deps.db, companyId, "Магазин для проверки");
  }
  const [category] = await expectOk(api.shop.manage.categories.$get());
  const product = await expectOk(
    api.shop.manage.products.$post({
      query: {},
      json: {
        name: `Станция ${companyId}`,
        sku: `MATRIX-${companyId}`,
        categoryId: category.id,
        price: 100_000,
        stockQuantity: 10,
      },
    }),
    201,
  );
  // Raw: a guest's cart and order, signed out, the order carrying the cart's cookie by hand.
  const added = await t.request(`/api/shop/cart?shop=${companyId}`, {
    method: "POST",
    json: { productId: product.id, quantity: 1 },
  });
  const cart = added.headers.get("set-cookie")?.match(/shop_cart=[^;]*/)?.[0] ?? "";
  await ok(added, "a cart");
  const { order, link } = await ok<{ order: { id: number; orderNumber: string }; link: string }>(
    t.request(`/api/shop/orders?shop=${companyId}`, {
      method: "POST",
      headers: { Cookie: cart },
      json: {
        customerName: "Ольга Смирнова",
        customerEmail: "olga@example.ru",
        customerPhone: "+7 916 111-22-33",
        deliveryAddress: "ул. Школьная, д. 4",
        deliveryCity: "Дорохово",
        deliveryRegion: "Московская область",
      },
    }),
    "an order",
  );
  return {
    product: product.id,
    productSlug: product.slug,
    category: category.id,
    order: order.id,
    orderNumber: order.orderNumber,
    orderKey: new URL(link, "http://localhost").searchParams.get("key")!,
  };
}

/**
 * The query a path is asked with: an order's number opens with its private key, as the buyer's link
 * carries it (without it, only the buyer's account sees the order).
 */
export function queryFor(path: string, records: Records): string {
  return path.endsWith("/orders/:number") ? `?key=${records.orderKey}` : "";
}

/** Whether a signed-in person of this role passes the rule (the owner is the demo's system_admin). */
export function passes(rule: Rule, role: Role, isOwner: boolean): boolean {
  if (rule === "public" || rule === "auth") return true;
  if (rule === "owner") return isOwner;
  return rule.includes(role);
}

/**
 * A valid body of each write route whose numbers, dates or ids are optional or nested, so the bounds
 * fuzz (fuzz_test.ts) finds them: the fields the route's 422 to `{}` names cover the rest. Every number,
 * 'YYYY-MM-DD' text and id-named field in these bodies is tried at and past its bound.
 */
export function boundedBodies(r: Records): Record<string, Record<string, unknown>[]> {
  const day = "2026-12-01";
  const product = {
    name: "Станция Граница",
    sku: "BOUND-1",
    categoryId: r.category,
    price: 1000,
    oldPrice: 1200,
    capacity: 5,
    stockQuantity: 3,
  };
  const category = { name: "Граница", slug: "bound-1", sortOrder: 1 };
  return {
    "PUT /api/settings/shop": [{
      storeName: "Магазин",
      primaryColor: "#dc2626",
      secondaryColor: "#2563eb",
      accentColor: "#16a34a",
      taxRate: 20,
      freeShippingThreshold: 50_000,
      enableGuestCheckout: true,
      enableInstallationService: true,
      enableCalculator: true,
    }],
    "POST /api/estimates": [{
      objectId: r.object,
      estimateNumber: "Г-1",
      items: [{ name: "Септик", unit: "шт", quantity: 1, pricePerUnit: 100_000, equipmentCost: 0 }],
    }],
    "POST /api/estimates/generate": [{
      objectId: r.object,
      taskId: r.task,
      object: { distanceFromMKAD: 30 },
    }],
    "POST /api/estimates/:id{[0-9]+}/edits": [
      { action: "add_free_item", name: "Насос", unit: "шт", quantity: 1, pricePerUnit: 100_000 },
      { action: "add_item", code: "А086", quantity: 1 },
      { action: "set_terms", discount: { kind: "sum", value: 1000 } },
      { action: "set_terms", discount: { kind: "percent", value: 5 } },
    ],
    "POST /api/shop/manage/products": [product],
    "PUT /api/shop/manage/products/:id": [product],
    "POST /api/shop/manage/categories": [category],
    "PUT /api/shop/manage/categories/:id": [category],
    "POST /api/shop/cart": [{ productId: r.product, quantity: 1 }],
    "PATCH /api/shop/cart/:productId": [{ quantity: 2 }],
    "PATCH /api/orders/:id": [{ estimatedDeliveryDate: day, actualDeliveryDate: day }],
    "POST /api/companies": [{ name: "Компания Граница", subscriptionExpiresAt: day }],
    "PATCH /api/companies/:id": [{ subscriptionExpiresAt: day }],
    "POST /api/payment/:id/received": [{ amount: 100_000, receivedOn: "2026-11-20" }],
    "POST /api/payment/generate": [{
      amount: 100_000,
      description: "Предоплата",
      objectId: r.object,
      contractId: r.contract,
    }],
    "POST /api/tasks": [{ title: "Граница", dueDate: day, objectId: r.object, assignedTo: r.user }],
    "PATCH /api/tasks/:id": [{ dueDate: day, assignedTo: r.user, objectId: r.object }],
    "POST /api/crews": [{ name: "Бригада Граница", memberIds: [r.user] }],
    "PUT /api/crews/:id": [{ name: "Бригада Граница 2", memberIds: [r.user] }],
    "POST /api/objects": [{
      address: "ул. Ленина, д. 1",
      settlement: "Истра",
      region: "Московская область",
      clientPhone: "+7 916 000-00-00",
      workType: "septic",
      estimatedCost: 100_000,
      actualCost: 1000,
      distanceFromMKAD: 30,
      latitude: 55.9,
      longitude: 36.8,
    }],
    "PATCH /api/objects/:id{[0-9]+}": [{
      estimatedCost: 100_000,
      actualCost: 1000,
      distanceFromMKAD: 30,
      latitude: 55.9,
      longitude: 36.8,
    }],
    "POST /api/field-work/report": [{ objectId: r.object, estimateId: r.estimate, taskId: r.task }],
    "PUT /api/admin/users/:id/company": [{ companyId: r.company }],
    "POST /api/service/visits/:id/move": [{ plannedOn: day, assignedTo: r.user, reason: "Граница" }],
    "POST /api/service/agreements/:id/activate": [{ assignedTo: r.user }],
    "PATCH /api/users/:id": [{ companyId: r.company }],
  };
}
