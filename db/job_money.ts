// The money figures of domain/job_money.ts in SQL, for sums over many objects and payments (the foreman's
// cards, the dashboard and analytics; per-day summaries can call the same expressions).
import { sql } from "drizzle-orm";
import { objects } from "./schema/mod.ts";

/** An object's value: its contract's total, else the rough estimate (jobMoney().value). */
export const jobValueSql = sql<number>`coalesce(${objects.contractTotal}, ${objects.estimatedCost}, 0)`;

/** What an object's client still owes under the contract (jobMoney().owed). */
export const jobOwedSql = sql<
  number
>`max(coalesce(${objects.contractTotal}, 0) - ${objects.receivedTotal}, 0)`;
