import assert from "node:assert/strict";
import { createClient } from "@libsql/client";
import { join } from "node:path";
import { migrationsFolder } from "./client.ts";

async function statementsOf(file: string): Promise<string[]> {
  const text = await Deno.readTextFile(join(migrationsFolder, file));
  return text.split("--> statement-breakpoint").map((s) => s.trim()).filter(Boolean);
}

Deno.test("db: the unique-number migration renames the later of estimates sharing a number in a company", async () => {
  const dir = await Deno.makeTempDir();
  const client = createClient({ url: `file:${dir}/old.db` });
  try {
    for (const sql of await statementsOf("0000_flawless_sheva_callister.sql")) await client.execute(sql);
    await client.execute("PRAGMA foreign_keys = OFF");
    const add = (id: number, companyId: number, number: string) =>
      client.execute({
        sql: "INSERT INTO estimates (id, company_id, object_id, estimate_number, created_at, updated_at) " +
          "VALUES (?, ?, 1, ?, 0, 0)",
        args: [id, companyId, number],
      });
    await add(10, 1, "СМ-1");
    await add(11, 1, "СМ-1");
    await add(12, 1, "СМ-1");
    await add(13, 2, "СМ-1");
    await add(14, 1, "СМ-2");

    for (const sql of await statementsOf("0002_unique_estimate_numbers.sql")) await client.execute(sql);

    const rows = (await client.execute("SELECT id, estimate_number FROM estimates ORDER BY id")).rows;
    assert.deepEqual(rows.map((r) => [r.id, r.estimate_number]), [
      [10, "СМ-1"],
      [11, "СМ-1-11"],
      [12, "СМ-1-12"],
      [13, "СМ-1"],
      [14, "СМ-2"],
    ]);
    await assert.rejects(add(15, 1, "СМ-2"), /UNIQUE constraint failed/);
  } finally {
    client.close();
    await Deno.remove(dir, { recursive: true });
  }
});
