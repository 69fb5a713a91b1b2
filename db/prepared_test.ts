// Queries prepared once (db/prepared.ts) are shared by a database and its transactions: one asked inside a
// transaction runs in it (sees its uncommitted writes, is undone with it), and one first built inside a
// transaction still runs outside once that transaction has ended.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { type Db, type Executor } from "./client.ts";
import { withMigratedDb } from "./testing_db.ts";
import { companies, objects } from "./schema/mod.ts";
import { preparedQuery } from "./prepared.ts";
import { updateObjectRow } from "./objects.ts";
import { scopeOf } from "./scope.ts";

const addressOf = (db: Executor, id: number) =>
  preparedQuery(
    db,
    "test.address",
    { id },
    (p) => db.select({ address: objects.address }).from(objects).where(eq(objects.id, p.id)),
  ).all()
    .then((rows) => rows[0]?.address);

const withDb = (fn: (db: Db, objectId: number, companyId: number) => Promise<void>) =>
  withMigratedDb(async (db) => {
    const [company] = await db.insert(companies).values({ name: "ООО «Проверка»" }).returning();
    const [object] = await db.insert(objects).values({ companyId: company.id, address: "ул Старая, д 1" })
      .returning();
    await fn(db, object.id, company.id);
  });

Deno.test("a prepared query asked in a transaction sees its writes and is undone with it", () =>
  withDb(async (db, id) => {
    assert.equal(await addressOf(db, id), "ул Старая, д 1");
    await assert.rejects(
      db.transaction(async (tx) => {
        await updateObjectRow(tx, id, { address: "ул Новая, д 2", updatedAt: new Date() });
        assert.equal(await addressOf(tx, id), "ул Новая, д 2");
        throw new Error("undo");
      }),
      /undo/,
    );
    assert.equal(await addressOf(db, id), "ул Старая, д 1");
    await db.transaction(async (tx) => {
      await updateObjectRow(tx, id, { address: "ул Новая, д 3", updatedAt: new Date() });
    });
    assert.equal(await addressOf(db, id), "ул Новая, д 3");
  }));

Deno.test("a prepared query first built in a transaction runs outside it after the transaction ended", () =>
  withDb(async (db, id, companyId) => {
    // "test.firstInTx" is built here, inside the transaction, for the first time.
    const inTx = (e: Executor) =>
      preparedQuery(
        e,
        "test.firstInTx",
        { companyId },
        (p) => e.select({ id: objects.id }).from(objects).where(eq(objects.companyId, p.companyId)),
      ).all();
    await db.transaction(async (tx) => assert.deepEqual(await inTx(tx), [{ id }]));
    await db.insert(objects).values({ companyId, address: "ул Вторая, д 1" });
    assert.equal((await inTx(db)).length, 2);
    // A write through a query built in an ended transaction lands in the database.
    await updateObjectRow(db, id, { address: "ул Третья, д 4", updatedAt: new Date() });
    assert.equal(await addressOf(db, id), "ул Третья, д 4");
  }));

Deno.test("an object's update in a company's scope leaves another company's object alone", () =>
  withDb(async (db, id, companyId) => {
    const [other] = await db.insert(companies).values({ name: "ООО «Другая»" }).returning();
    const stranger = scopeOf(other.id);
    assert.equal(
      await updateObjectRow(db, id, { address: "Захвачено", updatedAt: new Date() }, stranger),
      undefined,
    );
    assert.equal(await addressOf(db, id), "ул Старая, д 1");
    const row = await updateObjectRow(
      db,
      id,
      { address: "ул Своя, д 5", updatedAt: new Date() },
      scopeOf(companyId),
    );
    assert.equal(row?.address, "ул Своя, д 5");
  }));
