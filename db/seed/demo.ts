// The demo data: two companies, an account for every role, objects and tasks in every
// status, estimates, the jobs under way, the finished jobs, the shop and the service. Marked
// is_demo so the owner's clean-up removes it. Each part is a module of its own under db/seed/.
import { count } from "drizzle-orm";
import type { Db } from "../client.ts";
import { users } from "../schema/mod.ts";
import { hashPassword } from "../password.ts";
import { seedCompanies } from "./demo_companies.ts";
import { seedObjects, seedTasks } from "./demo_objects.ts";
import { seedJobsUnderWay } from "./demo_jobs.ts";
import { type FinishedJobLinks, seedFinishedJobs } from "./finished_jobs.ts";
import type { DemoFiles } from "./demo_files.ts";
import { seedShop } from "./demo_shop.ts";
import { seedFeed } from "./demo_feed.ts";
import { seedService } from "./service.ts";
import { seedServiceVisits } from "./service_visits.ts";

export type { DemoFiles };

const DAY = 86_400_000;

/** True when the database has no users yet. */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return row.n === 0;
}

/**
 * Fills an empty database with the demo data; dates are relative to `now`. With `files`, the objects
 * under way get documents and the measurements photos, stored there (without it, only the rows that need
 * no file). Answers the client links' tokens of the finished jobs (only their hashes are stored).
 */
export async function seedDemo(
  db: Db,
  options: { password: string; now: Date; files?: DemoFiles },
): Promise<FinishedJobLinks> {
  const { now } = options;
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  const passwordHash = await hashPassword(options.password);

  const { demo, ids } = await db.transaction(async (tx) => {
    const { demo, other, ids } = await seedCompanies(tx, { passwordHash, at });
    const objectIds = await seedObjects(tx, { demoId: demo.id, otherId: other.id, ids, at });
    const taskIds = await seedTasks(tx, { demoId: demo.id, ids, objectIds, at });
    await seedJobsUnderWay(tx, { demo, ids, objectIds, taskIds, files: options.files, at });
    await seedShop(tx, demo.id);
    await seedService(tx, { companyId: demo.id, company: demo, now, by: ids["manager@demo.local"] });
    await seedServiceVisits(tx, {
      companyId: demo.id,
      now,
      surveyorId: ids["surveyor2@demo.local"],
      managerId: ids["manager@demo.local"],
    });
    await seedFeed(tx, { demoId: demo.id, ids, objectIds, taskIds, at });
    return { demo, ids };
  });
  // The path's functions open their own transactions: the finished jobs are walked after the rest.
  return await seedFinishedJobs(db, { companyId: demo.id, staff: ids, now });
}
