// The foreman panel's reads, each project's figures against the same things read one object at a time.
import assert from "node:assert/strict";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { expectOk, prepaymentLink, withTestApp } from "../testing.ts";
import { documents, estimates, objects, tasks, users } from "../../db/schema/mod.ts";
import { foremanProjects, foremanStats, foremanStatuses } from "../../db/foreman.ts";
import { currentContract } from "../../db/contracts.ts";
import { scopeOf } from "../../db/scope.ts";
import { jobMoney } from "../../domain/job_money.ts";

Deno.test("db: foremanProjects() gives each project its current contract's state, estimate, documents and money as read one object at a time", () =>
  withTestApp(async (t) => {
    const { db } = t.deps;
    const [foreman] = await db.select().from(users).where(eq(users.email, "foreman@demo.local"));
    const scope = scopeOf(foreman.companyId);
    // An approved project gets a contract whose prepayment is asked for and not yet signed or paid.
    const approved = (await foremanProjects(db, scope)).find((p) => p.status === "approved" && p.estimate);
    assert.ok(approved?.estimate, "the demo data has an approved project with an estimate");
    const { contract } = await expectOk(
      t.as("engineer@demo.local").api.contracts.generate.$post({
        json: {
          templateId: `${approved.workType}_contract`,
          objectId: approved.id,
          estimateData: { id: approved.estimate.id },
          contractData: {
            CLIENT_NAME: "Зимина Ольга Викторовна",
            CLIENT_PHONE: "+7 916 222-33-44",
            CLIENT_PASSPORT: "4510 123456, выдан ОВД Тверского района г. Москвы 12.03.2015",
            CLIENT_ADDRESS: "г. Москва, ул. Тверская, д. 1, кв. 5",
            CONTRACT_NUMBER: "Д-ТЕСТ-1",
            PREPAYMENT_PERCENT: 30,
            OBJECT_ADDRESS: approved.address,
            CITY: "Москва",
          },
        },
      }),
      201,
    );
    await prepaymentLink(t, "engineer@demo.local", {
      amount: contract.prepaymentAmount,
      objectId: approved.id,
    });

    const projects = await foremanProjects(db, scope, { contractText: false });
    const states = new Set<string>();
    for (const p of projects) {
      const contract = await currentContract(db, scope, p.id);
      assert.deepEqual(
        p.contract && { ...p.contract },
        contract && {
          id: contract.id,
          contractNumber: contract.contractNumber,
          createdAt: contract.createdAt,
          signature: contract.signature && { signerName: contract.signature.signerName },
          payment: contract.payment && { status: contract.payment.status },
        },
        `contract of ${p.address}`,
      );
      states.add(`${Boolean(p.contract?.signature)} ${p.contract?.payment?.status ?? "none"}`);

      const estimatesOf = await db.select().from(estimates).where(eq(estimates.objectId, p.id))
        .orderBy(desc(estimates.createdAt), desc(estimates.id));
      const estimate = estimatesOf.find((e) => e.status === "approved") ?? estimatesOf[0] ?? null;
      assert.deepEqual(
        p.estimate,
        estimate && { id: estimate.id, estimateNumber: estimate.estimateNumber, status: estimate.status },
      );
      const [photos] = await db.select({ n: count() }).from(documents)
        .where(and(eq(documents.objectId, p.id), sql`${documents.fileType} like 'image/%'`));
      const [all] = await db.select({ n: count() }).from(documents).where(eq(documents.objectId, p.id));
      assert.deepEqual([p.photos, p.files], [photos.n, all.n - photos.n], `documents of ${p.address}`);
      const own = await db.select({ id: tasks.id, title: tasks.title, description: tasks.description })
        .from(tasks).where(eq(tasks.objectId, p.id)).orderBy(desc(tasks.createdAt), desc(tasks.id));
      assert.deepEqual(
        p.comments.map(({ author: _, ...c }) => c),
        own.map((t) => ({ taskId: t.id, title: t.title, description: t.description })),
        `comments of ${p.address}`,
      );
      const [row] = await db.select().from(objects).where(eq(objects.id, p.id));
      assert.deepEqual(p.money, jobMoney(row));
    }
    assert.ok(states.has("true paid") && states.has("false pending"), [...states].join(", "));
    assert.ok(projects.some((p) => p.comments.some((c) => c.author !== null)));
    assert.ok(projects.some((p) => p.photos > 0 && p.files > 0));

    // The API's list gives the contract's text instead of its state.
    const withText = await foremanProjects(db, scope);
    const contracted = withText.find((p) => p.contract)!;
    assert.match(contracted.contract!.text!, /ДОГОВОР/);
    assert.equal("signature" in contracted.contract!, false);
  }));

Deno.test("db: foremanProjects() lists in work, then approved, then completed, each newest first, up to the limit", () =>
  withTestApp(async (t) => {
    const { db } = t.deps;
    const [foreman] = await db.select().from(users).where(eq(users.email, "foreman@demo.local"));
    const scope = scopeOf(foreman.companyId);
    const rank = (s: string) => ["work_in_progress", "approved", "completed"].indexOf(s);
    const expected =
      (await db.select({ id: objects.id, status: objects.status, updatedAt: objects.updatedAt })
        .from(objects).where(
          and(eq(objects.companyId, foreman.companyId!), inArray(objects.status, [...foremanStatuses])),
        ))
        .sort((a, b) =>
          rank(a.status) - rank(b.status) || b.updatedAt.getTime() - a.updatedAt.getTime() || b.id - a.id
        )
        .map((o) => o.id);
    assert.ok(new Set(expected.map(String)).size >= 5);
    assert.deepEqual((await foremanProjects(db, scope)).map((p) => p.id), expected);
    assert.deepEqual((await foremanProjects(db, scope, { limit: 3 })).map((p) => p.id), expected.slice(0, 3));
    // A page further on: the next ones in the same order, across the statuses' boundaries.
    for (const offset of [1, 2, 3, expected.length - 1, expected.length]) {
      assert.deepEqual(
        (await foremanProjects(db, scope, { limit: 3, offset })).map((p) => p.id),
        expected.slice(offset, offset + 3),
        `offset ${offset}`,
      );
    }
  }));

Deno.test("[page] /foreman shows 20 projects a page, the in-work ones first, with a pager to the rest", () =>
  withTestApp(async (t) => {
    const { db } = t.deps;
    const [foreman] = await db.select().from(users).where(eq(users.email, "foreman@demo.local"));
    const before = await foremanProjects(db, scopeOf(foreman.companyId));
    await db.insert(objects).values(Array.from({ length: 25 }, (_, i) => ({
      companyId: foreman.companyId!,
      address: `Московская обл, г Истра, ул Песочная, д ${i + 1}`,
      status: "approved" as const,
    })));
    const total = before.length + 25;
    const cards = (html: string) => html.match(/<article class="[^"]*project-card/g)?.length ?? 0;
    const first = await (await t.request("/foreman", { as: "foreman@demo.local" })).text();
    assert.equal(cards(first), 20);
    assert.match(first, new RegExp(`Страница 1 из ${Math.ceil(total / 20)}`));
    assert.match(first, /href="\/foreman\?page=2" rel="next"/);
    const inWork = before.filter((p) => p.status === "work_in_progress");
    for (const p of inWork) assert.ok(first.includes(p.address), `${p.address} in work comes first`);
    const second = await (await t.request("/foreman?page=2", { as: "foreman@demo.local" })).text();
    assert.equal(cards(second), Math.min(20, total - 20));
    assert.match(second, /href="\/foreman" rel="prev"/);
  }));

Deno.test("db: foremanStats() counts the active and completed projects, their value and the company's documents", () =>
  withTestApp(async (t) => {
    const { db } = t.deps;
    const [foreman] = await db.select().from(users).where(eq(users.email, "foreman@demo.local"));
    const scope = scopeOf(foreman.companyId);
    const rows = await db.select().from(objects).where(eq(objects.companyId, foreman.companyId!));
    const active = rows.filter((o) => o.status === "approved" || o.status === "work_in_progress");
    const done = rows.filter((o) => o.status === "completed");
    const [docs] = await db.select({ n: count() }).from(documents).where(
      eq(documents.companyId, foreman.companyId!),
    );
    assert.deepEqual(await foremanStats(db, scope), {
      activeProjects: active.length,
      completedProjects: done.length,
      totalCostKopecks: [...active, ...done].reduce((s, o) => s + jobMoney(o).value, 0),
      documents: docs.n,
    });
    assert.ok(active.length > 0 && done.length > 0 && docs.n > 0);
  }));
