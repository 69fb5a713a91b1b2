// /healthz (the process lives) and /readyz (it can serve: the database answers and is migrated, the uploads
// folder takes a file, the disk has room, the process is not stopping), for a monitor or a load balancer.
import { Hono } from "hono";
import { statfs } from "node:fs/promises";
import { join } from "node:path";
import { answers, lastAppliedMigration, shippedMigrations } from "../db/backup.ts";
import { lifecycle } from "./lifecycle.ts";
import type { AppDeps, AppEnv } from "./types.ts";

/** One reason the process is not ready: a code for machines and a sentence for people. */
export interface NotReady {
  code: "database_unavailable" | "migrations_pending" | "uploads_not_writable" | "disk_low" | "stopping";
  message: string;
}

const MB = 1024 * 1024;

async function checkDatabase(deps: AppDeps): Promise<NotReady[]> {
  try {
    if (!await answers(deps.db)) throw new Error("no answer");
  } catch {
    return [{ code: "database_unavailable", message: "База данных не отвечает" }];
  }
  const [applied, shipped] = await Promise.all([lastAppliedMigration(deps.db.$client), shippedMigrations()]);
  const latest = shipped.at(-1);
  if (latest && applied?.when !== latest.when) {
    return [{
      code: "migrations_pending",
      message: `Миграции базы не применены: последняя применённая ${
        applied?.tag ?? "—"
      }, ожидается ${latest.tag}`,
    }];
  }
  return [];
}

/**
 * Writes and removes a probe file in the uploads folder. It is the local folder for now; with the storage
 * interface (server/storage.ts) grown a health probe, this would ask the storage instead.
 */
async function checkUploads(uploads: string): Promise<NotReady[]> {
  const probe = join(uploads, `.ready-${crypto.randomUUID().slice(0, 8)}`);
  try {
    await Deno.mkdir(uploads, { recursive: true });
    await Deno.writeTextFile(probe, "");
    await Deno.remove(probe);
    return [];
  } catch {
    // No path in the answer: /readyz is public.
    return [{ code: "uploads_not_writable", message: "В папку загрузок нельзя записать файл" }];
  }
}

async function checkDisk(dir: string, minFreeMb: number): Promise<NotReady[]> {
  try {
    const fs = await statfs(dir);
    const freeMb = Math.floor((fs.bavail * fs.bsize) / MB);
    if (freeMb >= minFreeMb) return [];
    return [{ code: "disk_low", message: `На диске свободно ${freeMb} МБ, нужно не меньше ${minFreeMb} МБ` }];
  } catch {
    return [{ code: "disk_low", message: "Не удалось узнать свободное место на диске" }];
  }
}

/** Every reason the process is not ready (none: ready). */
export async function readiness(deps: AppDeps): Promise<NotReady[]> {
  const stopping: NotReady[] = lifecycle.stopping
    ? [{ code: "stopping", message: "Сервер останавливается" }]
    : [];
  const checks = await Promise.all([
    checkDatabase(deps),
    checkUploads(join(deps.env.DATA_DIR, "uploads")),
    checkDisk(deps.env.DATA_DIR, deps.env.READY_MIN_FREE_MB),
  ]);
  return [...stopping, ...checks.flat()];
}

/** The two probes; neither needs a session, and /healthz touches nothing. */
export const healthRoutes = new Hono<AppEnv>()
  .get("/healthz", (c) => c.json({ status: "ok" }))
  .get("/readyz", async (c) => {
    const reasons = await readiness(c.get("deps"));
    if (reasons.length === 0) return c.json({ status: "ready" });
    return c.json({ status: "not_ready", reasons }, 503);
  });
