// The bench seed: objects, tasks and estimates added to the demo company of a bench server's database,
// so the pages can be measured with a company of a given size.
import { count, eq, inArray } from "drizzle-orm";
import { openDb } from "../client.ts";
import { companies, estimates, objects, tasks, users } from "../schema/mod.ts";
import { estimateStatuses, taskPriorities, taskStatuses } from "../../domain/enums.ts";
import { places } from "../../domain/location/mod.ts";
import { directionFromCenter, distanceFromMKAD } from "../../domain/geo.ts";
import { objectStatuses } from "../../domain/objects.ts";

export interface SeedSize {
  objects: number;
  tasks?: number;
  estimates?: number;
}

const BATCH = 500;
const workTypes = ["septic", "autonomous_sewage", "well_drilling", "drainage", "water_supply"] as const;

async function inBatches(total: number, insert: (from: number, to: number) => Promise<void>) {
  for (let start = 0; start < total; start += BATCH) await insert(start, Math.min(total, start + BATCH));
}

/** Adds `size` records to «ООО «Демо Септик»» in the database at `dir/app.db`, spread over its staff. */
export async function seedCompany(dir: string, size: SeedSize): Promise<void> {
  const db = await openDb(`file:${dir}/app.db`);
  try {
    const [company] = await db.select().from(companies).where(eq(companies.name, "ООО «Демо Септик»"));
    const staff = await db.select({ id: users.id }).from(users).where(
      inArray(users.email, [
        "engineer@demo.local",
        "surveyor@demo.local",
        "surveyor2@demo.local",
        "foreman@demo.local",
      ]),
    );
    const now = Date.now();
    const objectIds: number[] = [];
    await inBatches(size.objects, async (from, to) => {
      const rows = Array.from({ length: to - from }, (_, k) => {
        const i = from + k;
        const p = places[i % places.length];
        return {
          companyId: company.id,
          address: `Московская обл, ${p.kind} ${p.name}, ул Садовая, д ${1 + (i % 90)}`,
          settlement: p.name,
          region: "Московская область",
          district: p.district,
          direction: directionFromCenter(p.lat, p.lon),
          distanceFromMKAD: distanceFromMKAD(p.lat, p.lon),
          latitude: p.lat,
          longitude: p.lon,
          clientName: `Клиент ${i}`,
          clientPhone: `+7 900 ${String(1_000_000 + i).slice(1)}`,
          workType: workTypes[i % workTypes.length],
          status: objectStatuses[i % objectStatuses.length],
          estimatedCost: (150_000 + (i % 200) * 1000) * 100,
          createdAt: new Date(now - i * 60_000),
          updatedAt: new Date(now - i * 60_000),
        };
      });
      const ids = await db.insert(objects).values(rows).returning({ id: objects.id });
      objectIds.push(...ids.map((r) => r.id));
    });
    await inBatches(size.tasks ?? 0, async (from, to) => {
      await db.insert(tasks).values(Array.from({ length: to - from }, (_, k) => {
        const i = from + k;
        return {
          companyId: company.id,
          objectId: objectIds[i % objectIds.length],
          assignedTo: staff[i % staff.length].id,
          title: `Замер и монтаж, этап ${i}`,
          status: taskStatuses[i % taskStatuses.length],
          priority: taskPriorities[i % taskPriorities.length],
          dueDate: new Date(now + ((i % 60) - 20) * 86_400_000),
          createdAt: new Date(now - i * 30_000),
          updatedAt: new Date(now - i * 30_000),
        };
      }));
    });
    // Numbers are unique per company: a second seed into the same database numbers on after the first.
    const [{ existing }] = await db.select({ existing: count() }).from(estimates)
      .where(eq(estimates.companyId, company.id));
    await inBatches(size.estimates ?? 0, async (from, to) => {
      await db.insert(estimates).values(Array.from({ length: to - from }, (_, k) => {
        const i = from + k;
        return {
          companyId: company.id,
          objectId: objectIds[i % objectIds.length],
          estimateNumber: `Б-${100_000 + existing + i}`,
          status: estimateStatuses[i % estimateStatuses.length],
          totalAmount: (180_000 + (i % 300) * 1000) * 100,
          createdAt: new Date(now - i * 90_000),
          updatedAt: new Date(now - i * 90_000),
        };
      }));
    });
  } finally {
    db.$client.close();
  }
}
