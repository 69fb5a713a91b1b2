// openDb opens a database file through drizzle's libSQL driver; its constraint errors reach the API's
// 409/422 answers by their extended codes, not by their text.
import assert from "node:assert/strict";
import { localPath, migrateDb, openDb } from "../db/client.ts";
import { companies } from "../db/schema/mod.ts";
import { constraintViolation } from "./errors.ts";

Deno.test("openDb: a database file gets the file client, and a UNIQUE violation reaches constraintViolation by its extended code", async () => {
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
    const duplicate = await db.insert(companies).values({ id: company.id, name: "Второй" }).catch((e) => e);
    assert.equal(duplicate.cause?.extendedCode, "SQLITE_CONSTRAINT_PRIMARYKEY");
    assert.equal(constraintViolation(duplicate)?.status, 409, String(duplicate));
    assert.equal(
      constraintViolation(new Error("UNIQUE constraint failed: users.email")),
      null,
      "an error that only says the words is not the driver's",
    );
  } finally {
    db.$client.close();
    await Deno.remove(dir, { recursive: true });
  }
});
