// The change counters (db/table_versions.ts): every write moves its table's counter, a cascade moves the
// counters of the tables it reaches, and every table of the schema has its counter and triggers after the
// migrations (a migration that adds or rebuilds a table must make them again).
import assert from "node:assert/strict";
import { localPath, migrateDb, openDb } from "./client.ts";
import { getTableName, isTable } from "drizzle-orm";
import * as schema from "./schema/mod.ts";
import { companies, notifications, users } from "./schema/mod.ts";
import { localVersionReader } from "./table_versions.ts";

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

Deno.test("table versions: after the migrations every table of the schema has its counter and its three triggers", async () => {
  await withDb(async (db, path) => {
    const tables = Object.values(schema).filter((value) => isTable(value)).map((table) =>
      getTableName(table)
    );
    const counters = localVersionReader(path).current();
    const triggers = new Set(
      (await db.$client.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")).rows.map((r) =>
        String(r.name)
      ),
    );
    for (const table of tables) {
      assert.equal(counters.get(table), 0, `counter of ${table}`);
      for (const event of ["insert", "update", "delete"]) {
        assert.ok(triggers.has(`${table}_${event}_version`), `trigger ${table}_${event}_version`);
      }
    }
  });
});
