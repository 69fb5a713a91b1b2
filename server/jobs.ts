// Periodic work of the server: the task_overdue notification, sent once per late task (a service visit is a
// task, so a visit not done by its day is told the same way), the clients' reminders of service visits a few
// days ahead, the service agreements' ends and renewal reminders, and the clean-up of expired sessions and of sign-in attempts that fell out of the throttle window.
import { notifyNewlyOverdueTasks } from "../db/tasks.ts";
import { remindUpcomingVisits } from "../db/service_visits.ts";
import { endExpiredAgreements, remindRenewals } from "../db/service.ts";
import { deleteExpiredSessions } from "../db/sessions.ts";
import { pruneAttempts } from "./auth/throttle.ts";
import type { AppDeps } from "./types.ts";

export const OVERDUE_CHECK_MS = 5 * 60_000;

/** Sends task_overdue for each task that has just become late (db/tasks.ts); returns how many. */
export async function notifyOverdueTasks(deps: Pick<AppDeps, "db" | "now">): Promise<number> {
  return await notifyNewlyOverdueTasks(deps.db, deps.now());
}

/** Writes the clients' reminders of the service visits due in the next days into the outbox; returns how many. */
export async function remindServiceVisits(deps: Pick<AppDeps, "db" | "now" | "env">): Promise<number> {
  return await remindUpcomingVisits(
    deps.db,
    deps.now(),
    deps.env.PUBLIC_URL ?? `http://localhost:${deps.env.PORT}`,
  );
}

/** Ends the service agreements whose term is over and reminds the renewals due within a month (staff and
 * client, once per agreement); returns how many of each. */
export async function serviceAgreementTerms(deps: Pick<AppDeps, "db" | "now" | "env">) {
  const now = deps.now();
  return {
    ended: await endExpiredAgreements(deps.db, now),
    reminded: await remindRenewals(deps.db, now, deps.env.PUBLIC_URL ?? `http://localhost:${deps.env.PORT}`),
  };
}

/** Deletes the sessions that have run out and the sign-in attempts older than the throttle window. */
export async function cleanUpSessions(deps: Pick<AppDeps, "db" | "now">) {
  const now = deps.now();
  return {
    sessions: await deleteExpiredSessions(deps.db, now),
    attempts: await pruneAttempts(deps.db, now),
  };
}

/**
 * Runs the jobs now and then every few minutes; returns a function that stops them and resolves once a run
 * under way has finished (a graceful stop waits for its writes).
 */
export function startJobs(
  deps: Pick<AppDeps, "db" | "now" | "env">,
  everyMs = OVERDUE_CHECK_MS,
): () => Promise<void> {
  // One after the other: the jobs write, and writes are not to overlap.
  const run = async () => {
    await notifyOverdueTasks(deps).catch((error) =>
      console.error("Проверка просроченных задач не удалась:", error)
    );
    await remindServiceVisits(deps).catch((error) =>
      console.error("Напоминания о сервисных визитах не записаны:", error)
    );
    await serviceAgreementTerms(deps).catch((error) =>
      console.error("Сроки договоров обслуживания не проверены:", error)
    );
    await cleanUpSessions(deps).catch((error) => console.error("Очистка истекших сессий не удалась:", error));
  };
  let running = run();
  const timer = setInterval(() => running = run(), everyMs);
  return () => {
    clearInterval(timer);
    return running;
  };
}
