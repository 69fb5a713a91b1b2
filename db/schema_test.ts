import assert from "node:assert/strict";
import { createClient } from "@libsql/client";
import { generateSQLiteDrizzleJson, generateSQLiteMigration } from "drizzle-kit/api";
import { migrateDb, openDb } from "./client.ts";
import * as schema from "./schema/mod.ts";

type Snapshot = Parameters<typeof generateSQLiteMigration>[0];

/** Tables, columns, indexes and foreign keys of a database, in a comparable form. */
async function describe(url: string) {
  const client = createClient({ url });
  const tables = (await client.execute(
    // The change counters (db/table_versions.ts) and the search index of objects with its own tables
    // (db/objects_search_test.ts) are made by custom migrations (0018, 0028, 0033), not by drizzle's schema.
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' " +
      "AND name NOT IN ('table_versions', 'company_table_versions') AND name NOT LIKE 'objects_search%' ORDER BY name",
  )).rows.map((r) => String(r.name));
  const out: Record<string, unknown> = {};
  for (const t of tables) {
    out[t] = {
      columns: (await client.execute(`PRAGMA table_info("${t}")`)).rows.map((
        r,
      ) => [r.name, r.type, r.notnull, r.dflt_value, r.pk]),
      indexes: (await client.execute(`PRAGMA index_list("${t}")`)).rows.map((r) => [r.name, r.unique]).sort(),
      foreignKeys: (await client.execute(`PRAGMA foreign_key_list("${t}")`)).rows.map((
        r,
      ) => [r.table, r.from, r.to, r.on_delete]).sort(), // a column added later lists its key last
    };
  }
  client.close();
  return out;
}

Deno.test("db: the migrations build exactly the schema that db/schema/ declares", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const migrated = await openDb(`file:${dir}/migrated.db`);
    await migrateDb(migrated);
    migrated.$client.close();

    // The same schema straight from the TypeScript declarations, as drizzle-kit would create it from nothing.
    const empty = await generateSQLiteDrizzleJson({});
    const current = await generateSQLiteDrizzleJson(schema as Record<string, unknown>);
    const statements = await generateSQLiteMigration(empty as Snapshot, current as Snapshot);
    const fresh = createClient({ url: `file:${dir}/fresh.db` });
    for (const sql of statements) await fresh.execute(sql);
    fresh.close();

    assert.deepEqual(await describe(`file:${dir}/migrated.db`), await describe(`file:${dir}/fresh.db`));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("db: migrating twice is harmless and foreign keys are enforced", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const db = await openDb(`file:${dir}/app.db`);
    await migrateDb(db);
    await migrateDb(db);
    const { rows } = await db.$client.execute("PRAGMA foreign_key_check");
    assert.equal(rows.length, 0);
    await assert.rejects(db.insert(schema.objects).values({ companyId: 12345, address: "нет компании" }));
    db.$client.close();
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
