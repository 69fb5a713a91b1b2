// The change counters (db/table_versions.ts): every write moves its table's counter, a cascade moves the
// counters of the tables it reaches, a write to a company's row moves that company's counter and no other's,
// and every table of the schema has its counter and triggers after the migrations (a migration that adds or
// rebuilds a table must make them again, the per-company ones included).
import assert from "node:assert/strict";
import { withMigratedDb } from "./testing_db.ts";
import { eq, getTableName, isTable } from "drizzle-orm";
import * as schema from "./schema/mod.ts";
import { getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { companies, crewMembers, crews, notifications, objects, tasks, users } from "./schema/mod.ts";
import { columnCounters, localVersionReader } from "./table_versions.ts";

const withDb = withMigratedDb;

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
    // Every table whose rows carry a company keeps its per-company counter (a company's pages follow it).
    const ofCompanies = Object.values(schema).filter((value) => isTable(value)).map((table) =>
      getTableConfig(table as SQLiteTable)
    ).filter((table) => table.columns.some((column) => column.name === "company_id")).map((table) =>
      table.name
    );
    for (const table of [...ofCompanies, "companies", "crew_members", "estimate_items", "customer_objects"]) {
      for (const event of ["insert", "update", "delete"]) {
        assert.ok(
          triggers.has(`${table}_${event}_company_version`),
          `trigger ${table}_${event}_company_version`,
        );
      }
    }
  });
});

Deno.test("table versions: a company's write moves its own counters, not another company's; a row of no company moves every company's", async () => {
  await withDb(async (db, path) => {
    const reader = localVersionReader(path);
    const [a, b] = await db.insert(companies).values([{ name: "ООО «А»" }, { name: "ООО «Б»" }]).returning();
    const [userA] = await db.insert(users).values({ email: "a@example.ru", role: "manager", companyId: a.id })
      .returning();
    const [crewA] = await db.insert(crews).values({ companyId: a.id, name: "Бригада А" }).returning();
    const seenBy = (company: number) => {
      const v = reader.ofCompany(company);
      return { tasks: v.get("tasks"), users: v.get("users"), crewMembers: v.get("crew_members") };
    };
    const before = { a: seenBy(a.id), b: seenBy(b.id) };

    await db.insert(tasks).values({ companyId: b.id, title: "Задача Б" });
    assert.equal(seenBy(a.id).tasks, before.a.tasks, "B's task leaves A's counter");
    assert.equal(seenBy(b.id).tasks, before.b.tasks! + 1);
    assert.ok(reader.current().get("tasks")! > 0, "the table's own counter moves for every write");

    // A member of A's crew: the company is the crew's.
    await db.insert(crewMembers).values({ crewId: crewA.id, userId: userA.id });
    assert.equal(seenBy(a.id).crewMembers, before.a.crewMembers! + 1);
    assert.equal(seenBy(b.id).crewMembers, before.b.crewMembers);

    // A user of no company is seen by every company; moving a user to B moves A's counter and B's.
    await db.insert(users).values({ email: "loose@example.ru", role: "user" });
    assert.equal(seenBy(a.id).users, before.a.users! + 1);
    assert.equal(seenBy(b.id).users, before.b.users! + 1);
    await db.$client.execute({ sql: "UPDATE users SET company_id = ? WHERE id = ?", args: [b.id, userA.id] });
    assert.equal(seenBy(a.id).users, before.a.users! + 2);
    assert.equal(seenBy(b.id).users, before.b.users! + 2);

    // Deleting company B cascades to its tasks (B's counter moves, A's stays) and leaves its user without a
    // company (a row of no company now: every company's users counter moves).
    const aNow = seenBy(a.id);
    await db.$client.execute({ sql: "DELETE FROM companies WHERE id = ?", args: [b.id] });
    assert.ok(seenBy(b.id).tasks! > before.b.tasks! + 1, "the cascade moved B's tasks");
    assert.deepEqual(seenBy(a.id), { ...aNow, users: aNow.users! + 1 });
  });
});

Deno.test("table versions: counters asked with what the request saw answer as it saw them; the next request sees a commit made since", async () => {
  await withDb(async (db, path) => {
    const reader = localVersionReader(path);
    const [a] = await db.insert(companies).values({ name: "ООО «А»" }).returning();
    const [user] = await db.insert(users).values({ email: "a@example.ru", role: "manager", companyId: a.id })
      .returning();
    const seen = reader.current();
    const before = reader.ofCompany(a.id, seen);
    assert.deepEqual(before, reader.ofCompany(a.id));
    assert.equal(reader.unreadOf(user.id, seen), 0);

    // Another connection commits while the request goes on: it keeps what it saw (never newer than its reads).
    await db.insert(tasks).values({ companyId: a.id, title: "Задача" });
    await db.insert(notifications).values({
      userId: user.id,
      type: "task_assigned",
      title: "Задача",
      message: "—",
    });
    assert.equal(reader.ofCompany(a.id, seen).get("tasks"), before.get("tasks"));
    assert.equal(reader.unreadOf(user.id, seen), 0);

    // The next request reads the counters afresh, and the company's and the bell's follow the commit.
    const next = reader.current();
    assert.equal(reader.ofCompany(a.id, next).get("tasks"), before.get("tasks")! + 1);
    assert.equal(reader.unreadOf(user.id, next), 1);
    // A request still holding the older counters gets the company's as they are now, never older than it saw.
    assert.ok(reader.ofCompany(a.id, seen).get("tasks")! >= before.get("tasks")!);
  });
});

Deno.test("table versions: the objects counters follow every column but the counted notes, the notes counters those", async () => {
  await withDb(async (db) => {
    const columns = (await db.$client.execute("PRAGMA table_info(objects)")).rows.map((r) => String(r.name));
    const { columns: notes } = columnCounters.object_notes;
    const compared = async (trigger: string) => {
      const [row] = (await db.$client.execute({
        sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?",
        args: [trigger],
      })).rows;
      assert.ok(row, `trigger ${trigger}`);
      const when = String(row.sql).split(" BEGIN ")[0];
      return [...when.matchAll(/OLD\.`(\w+)` IS NOT NEW\./g)].map((m) => m[1]).sort();
    };
    // A column added to objects without these triggers made again would change pages without moving a counter.
    const others = columns.filter((c) => !(notes as readonly string[]).includes(c)).sort();
    for (const trigger of ["objects_update_version", "objects_update_company_version"]) {
      assert.deepEqual(await compared(trigger), others, `${trigger}: make it again with the new columns`);
    }
    for (const trigger of ["object_notes_update_version", "object_notes_update_company_version"]) {
      assert.deepEqual(await compared(trigger), [...notes, "company_id"].sort(), trigger);
    }
    // A table rebuilt loses its triggers: the notes counters' insert and delete ones too.
    const triggers = (await db.$client.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")).rows
      .map((r) => String(r.name));
    for (const event of ["insert", "delete"]) {
      for (const kind of ["version", "company_version"]) {
        assert.ok(triggers.includes(`object_notes_${event}_${kind}`), `object_notes_${event}_${kind}`);
      }
    }
  });
});

Deno.test("table versions: a note on an object moves its notes counter, not its objects counter; a status moves both", async () => {
  await withDb(async (db, path) => {
    const reader = localVersionReader(path);
    const [{ id: company }] = await db.insert(companies).values({ name: "ООО «Проба»" }).returning();
    const [{ id }] = await db.insert(objects).values({
      companyId: company,
      address: "д. Берёзки, ул Садовая, д 1",
    })
      .returning();
    const counters = () => {
      const of = reader.ofCompany(company);
      return { objects: of.get("objects"), notes: of.get("object_notes") };
    };
    const before = counters();
    await db.update(objects).set({ description: "Позвонить за час", updatedAt: new Date() }).where(
      eq(objects.id, id),
    );
    const noted = counters();
    assert.equal(noted.objects, before.objects, "a note leaves the objects counter");
    assert.ok(noted.notes! > before.notes!, "a note moves the notes counter");
    const later = new Date(Date.now() + 1_000);
    await db.update(objects).set({ status: "in_progress", updatedAt: later }).where(eq(objects.id, id));
    const moved = counters();
    assert.ok(moved.objects! > noted.objects! && moved.notes! > noted.notes!);
    // Written with the same values: nothing changed, nothing moves.
    await db.update(objects).set({ status: "in_progress", updatedAt: later }).where(eq(objects.id, id));
    assert.deepEqual(counters(), moved);
  });
});

Deno.test("table versions: every company trigger has a twin moving the table's own counter on the same event and condition", async () => {
  // The reader reads a company's counters again only after a table's own counter of theirs moved: this twin
  // is what makes that enough.
  await withDb(async (db) => {
    const triggers = new Map(
      (await db.$client.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'")).rows.map((r) =>
        [String(r.name), String(r.sql)] as const
      ),
    );
    // What decides when a trigger fires: its event, its table and its condition, up to BEGIN.
    const firing = (sql: string) => sql.slice(sql.indexOf(" AFTER "), sql.indexOf(" BEGIN "));
    let companyTriggers = 0;
    for (const [name, sql] of triggers) {
      if (!name.endsWith("_company_version")) continue;
      companyTriggers++;
      const twin = triggers.get(name.replace(/_company_version$/, "_version"));
      assert.ok(twin, `${name} has no twin`);
      assert.equal(firing(sql), firing(twin), `${name} fires when its twin does not`);
    }
    assert.ok(companyTriggers > 100, `${companyTriggers} company triggers`);
  });
});

Deno.test("table versions: a reader that keeps its companies' counters and unread counts across commits answers as a fresh one after each", async () => {
  await withDb(async (db, path) => {
    const kept = localVersionReader(path);
    const [a, b] = await db.insert(companies).values([{ name: "ООО «А»" }, { name: "ООО «Б»" }]).returning();
    const [userA, userB] = await db.insert(users).values([
      { email: "a@example.ru", role: "manager", companyId: a.id },
      { email: "b@example.ru", role: "manager", companyId: b.id },
    ]).returning();
    const [object] = await db.insert(objects).values({ companyId: a.id, address: "д. Берёзки, д 1" })
      .returning();
    const c = db.$client;
    // Writes of every kind the reader tells apart: a company's table, the notes counted apart, a table of no
    // company, the bell's, and one that moves no counter at all.
    const writes: Array<[string, () => Promise<unknown>]> = [
      ["a task of A", () => db.insert(tasks).values({ companyId: a.id, title: "Задача" })],
      ["a task of B", () => db.insert(tasks).values({ companyId: b.id, title: "Задача" })],
      [
        "a note of A",
        () => c.execute({ sql: "UPDATE objects SET description = random() WHERE id = ?", args: [object.id] }),
      ],
      [
        "a sign-in attempt (no company)",
        () =>
          c.execute(
            "INSERT INTO login_attempts (email, ip, created_at, kind) VALUES ('x@example.ru', '::1', 0, 'login')",
          ),
      ],
      [
        "a notification to A's user",
        () =>
          db.insert(notifications).values({ companyId: a.id, userId: userA.id, title: "—", message: "—" }),
      ],
      [
        "a notification to B's user",
        () =>
          db.insert(notifications).values({ companyId: b.id, userId: userB.id, title: "—", message: "—" }),
      ],
      [
        "notifications read",
        () => c.execute({ sql: "UPDATE notifications SET is_read = 1 WHERE user_id = ?", args: [userA.id] }),
      ],
      ["a write that changes nothing", () => c.execute("UPDATE companies SET name = name WHERE 0")],
    ];
    const answers = (reader: ReturnType<typeof localVersionReader>) => {
      const seen = reader.current();
      return {
        a: [...reader.ofCompany(a.id, seen)].sort(),
        b: [...reader.ofCompany(b.id, seen)].sort(),
        unreadA: reader.unreadOf(userA.id, seen),
        unreadB: reader.unreadOf(userB.id, seen),
      };
    };
    answers(kept);
    // A fixed order that puts every kind of write after every other.
    for (let i = 0; i < writes.length * writes.length; i++) {
      const [what, write] = writes[(i * 3 + Math.floor(i / writes.length)) % writes.length];
      await write();
      const fresh = localVersionReader(path);
      assert.deepEqual(answers(kept), answers(fresh), `after ${what} (step ${i})`);
    }
  });
});
