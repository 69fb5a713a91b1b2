// The change counters (db/table_versions.ts): every write moves its table's counter, a cascade moves the
// counters of the tables it reaches, a table added later gets its triggers at the next start, and the
// statements a request sends name the tables it read.
import assert from "node:assert/strict";
import { localPath, migrateDb, openDb } from "./client.ts";
import { companies, notifications, users } from "./schema/mod.ts";
import {
  installTableVersions,
  keptRead,
  type KeptRows,
  localVersionReader,
  trackReads,
} from "./table_versions.ts";

async function withDb(fn: (db: Awaited<ReturnType<typeof openDb>>, path: string) => Promise<void>) {
  const dir = await Deno.makeTempDir({ prefix: "polesmeta-versions-" });
  const url = `file:${dir}/app.db`;
  const db = await openDb(url);
  try {
    await migrateDb(db);
    await fn(db, localPath(url)!);
  } finally {
    db.$client.close();
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("table versions: inserts, updates, deletes and cascades move the counters; reads do not", async () => {
  await withDb(async (db, path) => {
    const reader = localVersionReader(path);
    const at = (table: string) => reader.current().get(table);
    const c = db.$client;
    const [{ id: company }] = await db.insert(companies).values({ name: "ООО «Проба»" }).returning();
    const [{ id: user }] = await db.insert(users).values({
      email: "proba@example.ru",
      role: "manager",
      companyId: company,
    })
      .returning();
    await db.insert(notifications).values({
      companyId: company,
      userId: user,
      title: "Проба",
      message: "Проба",
    });
    const before = { companies: at("companies"), users: at("users"), notifications: at("notifications") };
    assert.ok(before.companies! > 0 && before.users! > 0 && before.notifications! > 0);

    await c.execute("SELECT count(*) FROM companies");
    assert.equal(at("companies"), before.companies, "a read moves nothing");
    await c.execute({ sql: "UPDATE companies SET name = 'ООО «Проба 2»' WHERE id = ?", args: [company] });
    assert.equal(at("companies"), before.companies! + 1);
    assert.equal(at("users"), before.users, "another table's counter stays");

    // Deleting the user cascades to its notifications: both counters move.
    await c.execute({ sql: "DELETE FROM users WHERE id = ?", args: [user] });
    assert.equal(at("users"), before.users! + 1);
    assert.ok(at("notifications")! > before.notifications!, "the cascade moved notifications");
  });
});

Deno.test("table versions: a table made after the first start gets its counter and triggers at the next", async () => {
  await withDb(async (db, path) => {
    await db.$client.execute("CREATE TABLE later_table (id INTEGER PRIMARY KEY, note TEXT)");
    await installTableVersions(db.$client);
    const reader = localVersionReader(path);
    assert.equal(reader.current().get("later_table"), 0);
    await db.$client.execute("INSERT INTO later_table (note) VALUES ('x')");
    assert.equal(reader.current().get("later_table"), 1);
  });
});

Deno.test("table versions: trackReads hears the statements sent inside it, and only those", async () => {
  await withDb(async (db) => {
    const outside = db.$client.execute("SELECT id FROM tasks");
    const words = await trackReads(new Map(), async () => {
      await db.$client.execute('SELECT o.id FROM "objects" o JOIN users u ON u.id = o.created_by');
    });
    await outside;
    assert.ok(words.has("objects") && words.has("users"));
    assert.ok(!words.has("tasks"), "a statement sent outside is not counted");
  });
});

Deno.test("table versions: a kept read gives its rows again, frozen, until a table it names changes", async () => {
  await withDb(async (db, path) => {
    const reader = localVersionReader(path);
    const kept = new Map<string, KeptRows>();
    let runs = 0;
    const companyNames = (sql = "SELECT name FROM companies ORDER BY id") =>
      keptRead(kept, () => sql, sql, async () => {
        runs++;
        return (await db.$client.execute(sql)).rows.map((r) => ({ name: String(r.name) }));
      });
    const inRequest = async <T>(work: () => Promise<T>) => {
      let result!: T;
      const words = await trackReads(reader.current(), async () => {
        result = await work();
      });
      return { result, words };
    };

    await db.insert(companies).values({ name: "ООО «Первая»" });
    const first = await inRequest(() => companyNames());
    const again = await inRequest(() => companyNames());
    assert.equal(runs, 1, "the second request took the kept rows");
    assert.deepEqual(again.result, first.result);
    assert.ok(again.words.has("companies"), "a kept read still counts as reading its tables");
    assert.ok(Object.isFrozen(again.result) && Object.isFrozen(again.result[0]));
    assert.throws(() => (again.result[0] as { name: string }).name = "x");

    await db.insert(users).values({ email: "other@example.ru", role: "manager" });
    await inRequest(() => companyNames());
    assert.equal(runs, 1, "a change to another table keeps the rows");

    await db.insert(companies).values({ name: "ООО «Вторая»" });
    const changed = await inRequest(() => companyNames());
    assert.equal(runs, 2);
    assert.equal(changed.result.length, 2);

    await companyNames();
    assert.equal(runs, 3, "outside a tracked request the read runs");
    await inRequest(async () => {
      await db.$client.execute("UPDATE users SET first_name = 'Пётр'");
      return await companyNames();
    });
    assert.equal(runs, 4, "after the request wrote, it reads afresh");
  });
});
