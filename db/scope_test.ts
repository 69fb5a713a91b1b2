// The company scope at the query level: every db/ function given company A's scope neither returns nor
// changes company B's rows, and the null scope (system_admin) sees both companies.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { type Db, migrateDb, openDb } from "./client.ts";
import {
  companies,
  documents,
  estimates,
  measurementRecords,
  objects,
  priceListItems,
  tasks,
  users,
} from "./schema/mod.ts";
import { type Scope, scopeOf } from "./scope.ts";
import { companyStats, findCompany, listCompanies, updateCompany } from "./companies.ts";
import { findUser, listUsers, updateUser } from "./users.ts";
import { findEmployee, listEmployees } from "./employees.ts";
import { findObject, listObjects, objectChoices, objectDistricts, updateObject } from "./objects.ts";
import { assignableUsers, getTask, listTasks, tasksOfObjects } from "./tasks.ts";
import { findDocument, listDocuments } from "./documents.ts";
import { changeProjectStatus, foremanProjects } from "./foreman.ts";
import {
  activePriceList,
  importPriceList,
  priceListSummary,
  resetPriceList,
  searchCompanyPriceItems,
} from "./price_lists.ts";
import { estimateSummary, listEstimates } from "./estimate_lists.ts";
import { getEstimate, objectForEstimate } from "./estimates.ts";
import { listEstimateChanges } from "./estimate_edits.ts";
import { listLatestMeasurements, taskForMeasurement } from "./measurements.ts";
import { contractObject, currentContract, estimateForContract } from "./contracts.ts";
import { objectLinks, revokeLink } from "./client_links.ts";
import { defaultPriceList } from "../estimating/mod.ts";

const now = new Date("2026-11-20T09:00:00Z");

/** One company's rows: a chief engineer, an approved object in a district, a task and a document. */
async function seedCompany(db: Db, name: string) {
  const [company] = await db.insert(companies).values({ name }).returning();
  const [user] = await db.insert(users).values({
    email: `${name}@example.ru`,
    firstName: name,
    role: "chief_engineer",
    companyId: company.id,
  }).returning();
  const [object] = await db.insert(objects).values({
    companyId: company.id,
    address: `${name}, ул. Лесная, 1`,
    district: `Район ${name}`,
    status: "approved",
  }).returning();
  const [task] = await db.insert(tasks).values({
    companyId: company.id,
    objectId: object.id,
    title: `Замер ${name}`,
    assignedTo: user.id,
  }).returning();
  const [document] = await db.insert(documents).values({
    companyId: company.id,
    objectId: object.id,
    uploadedBy: user.id,
    fileName: `${name}.pdf`,
    storageKey: `documents/${name}.pdf`,
    fileSize: 10,
    fileType: "application/pdf",
  }).returning();
  const [estimate] = await db.insert(estimates).values({
    companyId: company.id,
    objectId: object.id,
    taskId: task.id,
    estimateNumber: `СМ-${name}`,
    totalAmount: 100_00,
  }).returning();
  await db.insert(measurementRecords).values({
    companyId: company.id,
    taskId: task.id,
    objectId: object.id,
    surveyorId: user.id,
    measurements: { distanceFromMKAD: 10 },
  });
  return { company, user, object, task, document, estimate, scope: scopeOf(company.id) };
}

async function withTwoCompanies(
  fn: (
    db: Db,
    a: Awaited<ReturnType<typeof seedCompany>>,
    b: Awaited<ReturnType<typeof seedCompany>>,
  ) => Promise<void>,
) {
  const dir = await Deno.makeTempDir();
  const db = await openDb(`file:${dir}/scope.db`);
  try {
    await migrateDb(db);
    await fn(db, await seedCompany(db, "Альфа"), await seedCompany(db, "Бета"));
  } finally {
    db.$client.close();
    await Deno.remove(dir, { recursive: true });
  }
}

const every: Scope = scopeOf(null);
const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((x, y) => x - y);

Deno.test("scope: companies and users of another company are neither read nor changed", () =>
  withTwoCompanies(async (db, a, b) => {
    assert.deepEqual(ids(await listCompanies(db, a.scope)), [a.company.id]);
    assert.deepEqual(ids(await listCompanies(db, every)), [a.company.id, b.company.id]);
    assert.equal(await findCompany(db, a.scope, b.company.id), null);
    assert.equal((await findCompany(db, every, b.company.id))?.name, "Бета");
    assert.equal(await updateCompany(db, a.scope, b.company.id, { name: "Захвачено" }), null);
    assert.equal((await findCompany(db, every, b.company.id))?.name, "Бета");
    assert.deepEqual(await companyStats(db, a.scope), {
      companies: 1,
      activeCompanies: 1,
      users: 1,
      objects: 1,
    });
    assert.deepEqual(await companyStats(db, every), {
      companies: 2,
      activeCompanies: 2,
      users: 2,
      objects: 2,
    });

    assert.deepEqual(ids(await listUsers(db, a.scope)), [a.user.id]);
    assert.deepEqual(ids(await listUsers(db, every)), [a.user.id, b.user.id]);
    assert.equal(await findUser(db, a.scope, b.user.id), null);
    assert.equal((await findUser(db, every, b.user.id))?.row.email, b.user.email);
    assert.equal(await updateUser(db, a.scope, b.user.id, { firstName: "Захвачено" }), false);
    assert.equal((await findUser(db, every, b.user.id))?.row.firstName, "Бета");
    assert.equal(await updateUser(db, every, b.user.id, { firstName: "Борис" }), true);

    assert.deepEqual(ids(await listEmployees(db, a.scope)), [a.user.id]);
    assert.deepEqual(ids(await listEmployees(db, every)), [a.user.id, b.user.id]);
    assert.equal(await findEmployee(db, a.scope, b.user.id), null);
    assert.equal((await findEmployee(db, every, b.user.id))?.id, b.user.id);
  }));

Deno.test("scope: objects, tasks and documents of another company are neither read nor changed", () =>
  withTwoCompanies(async (db, a, b) => {
    assert.deepEqual(ids((await listObjects(db, a.scope)).rows), [a.object.id]);
    assert.deepEqual(ids((await listObjects(db, every)).rows), [a.object.id, b.object.id]);
    assert.deepEqual(await objectDistricts(db, a.scope), ["Район Альфа"]);
    assert.deepEqual(await objectDistricts(db, every), ["Район Альфа", "Район Бета"]);
    assert.equal(await findObject(db, a.scope, b.object.id), null);
    assert.equal(
      await updateObject(db, a.scope, b.object.id, { address: "Захвачено" }, { userId: a.user.id, now }),
      null,
    );
    assert.equal((await findObject(db, every, b.object.id))?.address, b.object.address);

    assert.deepEqual(ids(await listTasks(db, a.scope, { now })), [a.task.id]);
    assert.deepEqual(ids(await listTasks(db, every, { now })), [a.task.id, b.task.id]);
    assert.equal(await getTask(db, a.scope, b.task.id, { now }), null);
    assert.equal((await getTask(db, every, b.task.id, { now }))?.id, b.task.id);
    assert.deepEqual(ids(await assignableUsers(db, a.scope)), [a.user.id]);
    assert.deepEqual(ids(await assignableUsers(db, every)), [a.user.id, b.user.id]);
    assert.deepEqual(ids(await objectChoices(db, a.scope)), [a.object.id]);
    assert.deepEqual(ids(await objectChoices(db, every)), [a.object.id, b.object.id]);
    // The object a list is filtered by is named even when older than the newest; never another company's.
    assert.deepEqual(ids(await objectChoices(db, every, { limit: 1, chosen: a.object.id })), [
      a.object.id,
      b.object.id,
    ]);
    assert.deepEqual(ids(await objectChoices(db, a.scope, { chosen: b.object.id })), [a.object.id]);
    const both = [a.object.id, b.object.id];
    assert.deepEqual([...new Set((await tasksOfObjects(db, a.scope, both)).map((t) => t.objectId))], [
      a.object.id,
    ]);
    assert.equal((await tasksOfObjects(db, every, both)).length, 2);

    assert.deepEqual((await listDocuments(db, a.scope)).items.map((d) => d.id), [a.document.id]);
    assert.equal((await listDocuments(db, every)).total, 2);
    assert.equal(await findDocument(db, a.scope, b.document.id), null);
    assert.notEqual(await findDocument(db, every, b.document.id), null);
  }));

Deno.test("scope: the foreman panel lists and moves only the scope's projects", () =>
  withTwoCompanies(async (db, a, b) => {
    assert.deepEqual(ids(await foremanProjects(db, a.scope)), [a.object.id]);
    assert.deepEqual(ids(await foremanProjects(db, every)), [a.object.id, b.object.id]);
    const start = { from: "approved", to: "work_in_progress", activity: "Работы начаты", at: now } as const;
    assert.equal(
      await changeProjectStatus(db, a.scope, b.object.id, { ...start, userId: a.user.id }),
      "missing",
    );
    assert.equal((await findObject(db, every, b.object.id))?.status, "approved");
    const moved = await changeProjectStatus(db, every, b.object.id, { ...start, userId: a.user.id });
    assert.equal(typeof moved === "object" && moved.status, "work_in_progress");
    assert.equal(
      await changeProjectStatus(db, every, b.object.id, { ...start, userId: a.user.id }),
      "refused",
    );
  }));

Deno.test("scope: estimates, measurements and contracts of another company are not returned", () =>
  withTwoCompanies(async (db, a, b) => {
    assert.deepEqual(ids(await listEstimates(db, a.scope)), [a.estimate.id]);
    assert.deepEqual(ids(await listEstimates(db, every)), [a.estimate.id, b.estimate.id]);
    assert.equal((await estimateSummary(db, a.scope)).total, 1);
    assert.equal((await estimateSummary(db, every)).amount, 200_00);
    assert.equal(await getEstimate(db, a.scope, b.estimate.id), null);
    assert.equal((await getEstimate(db, every, b.estimate.id))?.estimateNumber, "СМ-Бета");
    assert.equal(await objectForEstimate(db, a.scope, b.object.id), null);
    assert.equal((await objectForEstimate(db, every, b.object.id))?.id, b.object.id);
    assert.deepEqual(await listEstimateChanges(db, a.scope, b.estimate.id), []);

    assert.equal(await taskForMeasurement(db, a.scope, b.task.id), null);
    assert.equal((await taskForMeasurement(db, every, b.task.id))?.id, b.task.id);
    assert.equal(await taskForMeasurement(db, a.scope, a.task.id, { assignedTo: b.user.id }), null);
    assert.deepEqual((await listLatestMeasurements(db, a.scope)).map((m) => m.taskId), [a.task.id]);
    assert.equal((await listLatestMeasurements(db, every)).length, 2);

    assert.equal(await contractObject(db, a.scope, b.object.id), null);
    assert.equal((await contractObject(db, every, b.object.id))?.id, b.object.id);
    assert.equal(await estimateForContract(db, a.scope, b.object.id), null);
    assert.equal(await estimateForContract(db, a.scope, a.object.id, b.estimate.id), null);
    assert.equal((await estimateForContract(db, every, b.object.id))?.id, b.estimate.id);
    assert.equal(await currentContract(db, a.scope, b.object.id), null);
    assert.deepEqual(await objectLinks(db, a.scope, b.object.id), []);
    assert.equal(await revokeLink(db, a.scope, 1, now), false);
  }));

Deno.test("price lists: one company's import, reading and reset leave the other company's list alone", () =>
  withTwoCompanies(async (db, a, b) => {
    const item = (code: string, materialsPrice: number) => ({
      code,
      name: `Позиция ${code}`,
      unit: "шт",
      section: "",
      materialsPrice,
      worksPrice: 0,
    });
    await importPriceList(db, b.company.id, [item("Ц902", 100)], "Прайс Беты");
    assert.equal(await activePriceList(db, a.company.id), null, "A still uses the base list");
    assert.equal((await priceListSummary(db, a.company.id)).source, "default");

    const first = await importPriceList(db, a.company.id, [item("Ц901", 200)]);
    assert.equal(first.list.name, "Прайс-лист компании");
    assert.deepEqual(first.merge.added, ["Ц901"]);
    const own = await activePriceList(db, a.company.id);
    assert.equal(own?.items.length, defaultPriceList.length + 1);
    assert.equal(own?.items.at(-1)?.section, "Прочие работы и оборудование", "a sectionless item goes last");
    assert.equal(own?.items.some((i) => i.code === "Ц902"), false);

    // A second import merges over the first and keeps its name; the other company's list is untouched.
    const second = await importPriceList(db, a.company.id, [item("Ц901", 300)]);
    assert.deepEqual(second.merge.updated, ["Ц901"]);
    assert.equal(second.list.name, "Прайс-лист компании");
    const theirs = await activePriceList(db, b.company.id);
    assert.equal(theirs?.name, "Прайс Беты");
    assert.equal(theirs?.items.find((i) => i.code === "Ц902")?.materialsPrice, 100);
    assert.equal(theirs?.items.some((i) => i.code === "Ц901"), false);

    // An item stored without a section (an older import) reads as the last section, everywhere.
    await db.update(priceListItems).set({ section: null }).where(eq(priceListItems.code, "Ц902"));
    assert.equal(
      (await activePriceList(db, b.company.id))?.items.find((i) => i.code === "Ц902")?.section,
      "Прочие работы и оборудование",
    );

    // The editor's search reads the same list: the company's own items, never the other company's.
    assert.deepEqual((await searchCompanyPriceItems(db, a.company.id, "Ц90"))?.map((i) => i.code), ["Ц901"]);
    assert.deepEqual(
      (await searchCompanyPriceItems(db, b.company.id, "Ц90"))?.map((i) => [i.code, i.section]),
      [["Ц902", "Прочие работы и оборудование"]],
    );

    await resetPriceList(db, a.company.id);
    assert.equal(await searchCompanyPriceItems(db, a.company.id, "Ц90"), null, "the base list is searched");
    assert.equal(await activePriceList(db, a.company.id), null);
    assert.equal((await activePriceList(db, b.company.id))?.name, "Прайс Беты");
  }));
