import assert from "node:assert/strict";
import { createClient } from "@libsql/client";
import { join } from "node:path";
import { migrationsFolder } from "./client.ts";

async function statementsOf(file: string): Promise<string[]> {
  const text = await Deno.readTextFile(join(migrationsFolder, file));
  return text.split("--> statement-breakpoint").map((s) => s.trim()).filter(Boolean);
}

Deno.test("db: the unique-contract-number migration leaves a shared number with the first object and suffixes the others", async () => {
  const dir = await Deno.makeTempDir();
  const client = createClient({ url: `file:${dir}/old.db` });
  try {
    const files = [...Deno.readDirSync(migrationsFolder)].map((f) => f.name).filter((n) => n.endsWith(".sql"))
      .sort();
    const index = files.indexOf("0013_unique_contract_numbers.sql");
    assert.ok(index > 0);
    for (const file of files.slice(0, index)) {
      for (const sql of await statementsOf(file)) await client.execute(sql);
    }
    await client.execute("PRAGMA foreign_keys = OFF");
    const add = (id: number, companyId: number, objectId: number, number: string, version: number) =>
      client.execute({
        sql:
          "INSERT INTO contracts (id, company_id, object_id, contract_number, template_id, contract_data, " +
          "contract_text, version, created_at) VALUES (?, ?, ?, ?, 'septic_contract', '{}', '', ?, 0)",
        args: [id, companyId, objectId, number, version],
      });
    // Object 5 took «Д-1» first; objects 6 and 7 raced for it; company 2 has its own «Д-1».
    await add(1, 1, 5, "Д-1", 1);
    await add(2, 1, 6, "Д-1", 2);
    await add(3, 1, 5, "Д-1", 3);
    await add(4, 1, 7, "Д-1", 4);
    await add(5, 2, 8, "Д-1", 1);
    await add(6, 1, 5, "Д-2", 1);

    for (const sql of await statementsOf(files[index])) await client.execute(sql);

    const rows = (await client.execute("SELECT id, contract_number FROM contracts ORDER BY id")).rows;
    assert.deepEqual(rows.map((r) => [r.id, r.contract_number]), [
      [1, "Д-1"],
      [2, "Д-1-6"],
      [3, "Д-1"],
      [4, "Д-1-7"],
      [5, "Д-1"],
      [6, "Д-2"],
    ]);
    await assert.rejects(add(7, 1, 9, "Д-2", 1), /UNIQUE constraint failed/);
  } finally {
    client.close();
    await Deno.remove(dir, { recursive: true });
  }
});
