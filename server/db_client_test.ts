// openDb gives a database file the statement-keeping client (db/local_client.ts); its constraint errors
// must still reach the API's 409/422 answers.
import assert from "node:assert/strict";
import { localPath, migrateDb, openDb } from "../db/client.ts";
import { companies } from "../db/schema/mod.ts";
import { constraintViolation } from "./errors.ts";

Deno.test("openDb: a database file gets the local client, and a UNIQUE violation still reaches constraintViolation", async () => {
  assert.equal(localPath("file:data/app.db"), "data/app.db");
  assert.equal(localPath("file:///tmp/app.db"), "/tmp/app.db");
  assert.equal(localPath("file::memory:"), null);
  assert.equal(localPath("libsql://example.turso.io"), null);
  assert.equal(localPath("https://example.turso.io"), null);
  const dir = await Deno.makeTempDir();
  const db = await openDb(`file:${dir}/app.db`);
  try {
    assert.equal(db.$client.protocol, "file");
    await migrateDb(db);
    const [company] = await db.insert(companies).values({ name: "Дубль" }).returning();
    assert.equal(company.name, "Дубль");
    const fk = (await db.$client.execute("PRAGMA foreign_keys")).rows[0];
    assert.equal(fk[0], 1);
    const duplicate = await db.$client.execute({
      sql: "select id from companies where id = ?",
      args: [company.id],
    })
      .then(() =>
        db.$client.execute({
          sql: "insert into companies (id, name) values (?, ?)",
          args: [company.id, "Второй"],
        })
      ).catch((e) => e);
    assert.ok(constraintViolation(duplicate), String(duplicate));
  } finally {
    db.$client.close();
    await Deno.remove(dir, { recursive: true });
  }
});
