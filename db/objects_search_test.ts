// The search of objects (db/objects.ts objectSearchValues) through the trigram index of migration
// 0033_objects_search: what it finds is what a case-insensitive "contains" finds, after inserts, changes and
// deletes, in the company searched only.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { withMigratedDb } from "./testing_db.ts";
import { companies, objects } from "./schema/mod.ts";
import { listObjects } from "./objects.ts";
import { scopeOf } from "./scope.ts";

const places = ["Коломна", "Истра", "Руза", "Павловская Слобода", "Дорохово", "Клин"];
const streets = ["ул Садовая", "ул Лесная", "пер Школьный", "ш Волоколамское", 'ул "Заря"'];
const clients = ["Петров Иван", "ИВАНОВА Мария", "Сидоров-Ёлкин Пётр", null];

/** Objects of two companies, spread over the places, streets and clients above. */
async function seed(db: Db) {
  const [a, b] = await db.insert(companies).values([{ name: "Первая" }, { name: "Вторая" }]).returning();
  const rows = Array.from({ length: 60 }, (_, i) => ({
    companyId: i % 5 === 0 ? b.id : a.id,
    address: `Московская обл, ${places[i % places.length]}, ${streets[i % streets.length]}, д ${i + 1}`,
    clientName: clients[i % clients.length],
    clientPhone: i % 4 === 0 ? null : `+7 (916) ${String(1000000 + i * 7919).slice(0, 7)}`,
  }));
  await db.insert(objects).values(rows);
  return { a: a.id, b: b.id };
}

/** What "contains, in any case" finds among the company's objects, ids ascending. */
async function expected(db: Db, companyId: number, q: string) {
  const rows = await db.select().from(objects).where(eq(objects.companyId, companyId));
  const needle = q.trim().toLowerCase();
  return rows.filter((o) =>
    [o.address, o.clientName, o.clientPhone].some((v) => v?.toLowerCase().includes(needle))
  ).map((o) => o.id).sort((x, y) => x - y);
}

async function found(db: Db, companyId: number, q: string) {
  const { rows, total } = await listObjects(db, scopeOf(companyId), { q, pageSize: 200 });
  assert.equal(total, rows.length, `«${q}»: the count agrees with the rows`);
  return rows.map((o) => o.id).sort((x, y) => x - y);
}

const searches = [
  "коломна",
  "КОЛОМНА",
  "кОлОмНа",
  "павловская слобода", // a spelling of its own in every word: LIKE's four spellings missed it
  "иванова мария",
  "Слобода, ул",
  "садовая, д 1",
  "иванов",
  "пётр",
  "916",
  "(916) 10",
  '"Заря"',
  "Заря*",
  "Р", // one or two characters: the index cannot find them, a LIKE per spelling does
  "ру",
  "Нигде такого нет",
];

Deno.test("objects search: finds what a case-insensitive «contains» finds, any part of three characters or more", async () => {
  await withMigratedDb(async (db) => {
    const { a, b } = await seed(db);
    for (const company of [a, b]) {
      for (const q of searches) {
        if (q === "Р" || q === "ру") continue; // LIKE's spellings, below
        assert.deepEqual(await found(db, company, q), await expected(db, company, q), `«${q}» in ${company}`);
      }
    }
    assert.ok((await found(db, a, "кОлОмНа")).length > 0, "a mixed-case Cyrillic search finds");
    assert.ok((await found(db, a, "павловская слобода")).length > 0, "each word's case is its own");
    assert.deepEqual(await found(db, a, "Нигде такого нет"), []);
    // A control character (a NUL ends the index's query string) is dropped, not an error.
    assert.deepEqual(await found(db, a, "коло\u0000мна\t"), await expected(db, a, "коломна"));
    // Short searches match the spellings a person types: as typed, lower, upper, capitalised.
    assert.deepEqual(await found(db, a, "ру"), await expected(db, a, "ру"));
    assert.deepEqual(await found(db, a, "Р"), await expected(db, a, "р"));
  });
});

Deno.test("objects search: the index follows changes and deletes, and a company finds only its own objects", async () => {
  await withMigratedDb(async (db) => {
    const { a, b } = await seed(db);
    const [first] = await db.select().from(objects).where(eq(objects.companyId, a)).limit(1);
    await db.update(objects).set({ address: "Московская обл, г Можайск, ул Мира, д 7" }).where(
      eq(objects.id, first.id),
    );
    await db.update(objects).set({ clientName: "Кузнецова Анна", description: "заметка" }).where(
      eq(objects.id, first.id),
    );
    assert.deepEqual(await found(db, a, "можайск"), [first.id]);
    assert.deepEqual(await found(db, a, "кузнецова"), [first.id]);
    assert.deepEqual(
      await found(db, a, first.address.slice(16, 30)),
      await expected(db, a, first.address.slice(16, 30)),
    );

    // Another company's objects with the same words are not found.
    await db.insert(objects).values({ companyId: b, address: "Московская обл, г Можайск, ул Мира, д 9" });
    assert.deepEqual(await found(db, a, "можайск"), [first.id]);
    assert.equal((await found(db, b, "можайск")).length, 1);

    await db.delete(objects).where(eq(objects.id, first.id));
    assert.deepEqual(await found(db, a, "можайск"), []);
    // Deleting a company deletes its objects (a cascade): their entries go with them.
    await db.delete(companies).where(eq(companies.id, b));
    assert.deepEqual(await found(db, b, "можайск"), []);
    // FTS5's own check of the index against the objects: it fails (SQLITE_CORRUPT_VTAB) on any difference.
    await db.$client.execute(
      "INSERT INTO objects_search (objects_search, rank) VALUES ('integrity-check', 1)",
    );
  });
});
