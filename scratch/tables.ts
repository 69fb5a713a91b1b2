import { migrateDb, openDb } from "../db/client.ts";
const dir = await Deno.makeTempDir();
const db = await openDb(`file:${dir}/a.db`);
await migrateDb(db);
const rows = (await db.$client.execute("SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name")).rows;
console.log(rows.map((r) => r.name).join(" "));
