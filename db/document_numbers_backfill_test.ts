import assert from "node:assert/strict";
import { createClient } from "@libsql/client";
import { join } from "node:path";
import { drizzle } from "drizzle-orm/libsql";
import { migrationsFolder } from "./client.ts";
import * as schema from "./schema/mod.ts";
import { allocateNumber } from "./document_numbers.ts";

async function statementsOf(file: string): Promise<string[]> {
  const text = await Deno.readTextFile(join(migrationsFolder, file));
  return text.split("--> statement-breakpoint").map((s) => s.trim()).filter(Boolean);
}

const at = (iso: string) => new Date(iso).getTime();

Deno.test("db: the document-numbers migration numbers old documents in creation order per company and Moscow year, and the allocator continues after them", async () => {
  const dir = await Deno.makeTempDir();
  const client = createClient({ url: `file:${dir}/old.db` });
  try {
    const files = [...Deno.readDirSync(migrationsFolder)].map((f) => f.name).filter((n) => n.endsWith(".sql"))
      .sort();
    const index = files.indexOf("0026_document_numbers.sql");
    assert.ok(index > 0);
    for (const file of files.slice(0, index)) {
      for (const sql of await statementsOf(file)) await client.execute(sql);
    }
    await client.execute("PRAGMA foreign_keys = OFF");
    const run = (sql: string, args: (string | number)[]) => client.execute({ sql, args });
    const estimate = (id: number, company: number, number: string, createdAt: number) =>
      run(
        "INSERT INTO estimates (id, company_id, object_id, estimate_number, created_at, updated_at) " +
          "VALUES (?, ?, 1, ?, ?, ?)",
        [id, company, number, createdAt, createdAt],
      );
    // Company 1: two estimates in 2025 and three in 2026, given out of id order; the third was generated
    // again, so it counts from its first version (kept in estimate_versions). 31.12.2025 22:30 UTC is
    // already 2026 in Moscow. Company 2 has its own.
    await estimate(1, 1, "СМ-b", at("2025-06-01T10:00:00Z"));
    await estimate(2, 1, "СМ-a", at("2025-03-01T10:00:00Z"));
    await estimate(3, 1, "СМ-c-v2", at("2026-05-01T10:00:00Z"));
    await run(
      "INSERT INTO estimate_versions (estimate_id, company_id, version, estimate_number, status, total_amount, " +
        "snapshot, created_at, replaced_at) VALUES (3, 1, 1, 'СМ-c', 'draft', 0, '{}', ?, ?)",
      [at("2026-01-10T10:00:00Z"), at("2026-05-01T10:00:00Z")],
    );
    await estimate(4, 1, "СМ-d", at("2025-12-31T22:30:00Z"));
    await estimate(5, 1, "СМ-e", at("2026-02-01T10:00:00Z"));
    await estimate(6, 2, "СМ-x", at("2026-02-01T10:00:00Z"));
    // Two versions of one contract count once; an act and its second version once; a shop order.
    const contract = (id: number, version: number, createdAt: number) =>
      run(
        "INSERT INTO contracts (id, company_id, object_id, contract_number, template_id, contract_data, " +
          "contract_text, version, created_at) VALUES (?, 1, 1, 'Д-123456', 'septic_contract', '{}', '', ?, ?)",
        [id, version, createdAt],
      );
    await contract(1, 1, at("2026-03-01T10:00:00Z"));
    await contract(2, 2, at("2026-03-02T10:00:00Z"));
    const act = (version: number, number: string) =>
      run(
        "INSERT INTO completion_acts (company_id, object_id, contract_id, version, content, total_amount, " +
          "received_amount, due_amount, text_sha256, created_at) VALUES (1, 1, 2, ?, ?, 0, 0, 0, '', ?)",
        [version, JSON.stringify({ actNumber: number }), at(`2026-04-0${version}T10:00:00Z`)],
      );
    await act(1, "Д-123456-А1");
    await act(2, "Д-123456-А2");
    await run(
      "INSERT INTO orders (order_number, company_id, total_amount, final_amount, customer_name, " +
        "customer_email, customer_phone, delivery_address, delivery_city, created_at, updated_at) " +
        "VALUES ('З-20260301-ABCDEF', 1, 100, 100, 'Покупатель', 'b@example.ru', '+7', 'ул. 1', 'Москва', ?, ?)",
      [at("2026-03-01T10:00:00Z"), at("2026-03-01T10:00:00Z")],
    );

    for (const sql of await statementsOf(files[index])) await client.execute(sql);

    const rows = (await client.execute(
      "SELECT company_id, kind, year, seq, label FROM document_numbers ORDER BY company_id, kind, year, seq",
    )).rows.map((r) => [r.company_id, r.kind, r.year, r.seq, r.label]);
    assert.deepEqual(rows, [
      [1, "act", 2026, 1, "Д-123456-А1"],
      [1, "contract", 2026, 1, "Д-123456"],
      [1, "estimate", 2025, 1, "СМ-a"],
      [1, "estimate", 2025, 2, "СМ-b"],
      [1, "estimate", 2026, 1, "СМ-d"],
      [1, "estimate", 2026, 2, "СМ-c"],
      [1, "estimate", 2026, 3, "СМ-e"],
      [1, "order", 2026, 1, "З-20260301-ABCDEF"],
      [2, "estimate", 2026, 1, "СМ-x"],
    ]);
    const numbers = (await client.execute("SELECT estimate_number FROM estimates ORDER BY id")).rows;
    assert.deepEqual(numbers.map((r) => r.estimate_number), [
      "СМ-b",
      "СМ-a",
      "СМ-c-v2",
      "СМ-d",
      "СМ-e",
      "СМ-x",
    ]);

    const db = drizzle(client, { schema });
    const next = new Date("2026-06-01T10:00:00Z");
    assert.equal(await allocateNumber(db as never, 1, "estimate", next), "С-2026-0004");
    assert.equal(await allocateNumber(db as never, 1, "contract", next), "Д-2026-0002");
    assert.equal(await allocateNumber(db as never, 1, "act", next), "А-2026-0002");
    assert.equal(await allocateNumber(db as never, 1, "order", next), "З-2026-0002");
    assert.equal(await allocateNumber(db as never, 2, "contract", next), "Д-2026-0001");
  } finally {
    client.close();
    await Deno.remove(dir, { recursive: true });
  }
});
