import { join } from "node:path";
import { closeDb, type Db, migrateDb, openDb } from "../db/client.ts";
import { mainThreadReads, workerReads } from "../db/read_worker.ts";
import { isEmpty, seedDemo } from "../db/seed/demo.ts";
import type { FinishedJobLinks } from "../db/seed/finished_jobs.ts";
import { createApp } from "./app.ts";
import { buildIslands, currentIslandManifest, loadEsbuild, loadIslandManifest } from "./build.ts";
import { type Env, ownerEmail } from "./env.ts";
import { syncOwner } from "../db/users.ts";
import { localStorage, type Storage } from "./storage.ts";
import { sweepUploads } from "./upload_sweep.ts";
import { loadStylesheet } from "./styles.ts";
import type { AppDeps } from "./types.ts";
import { jsonLogger, type Logger } from "./log.ts";
import { dbObserver, readCounter } from "./metrics.ts";
import type { IslandManifest } from "./island.tsx";

let manifestOnce: Promise<IslandManifest> | null = null;

/** A binary made by `deno compile` runs as itself, not as `deno`. */
const isCompiled = !/(^|[\\/])deno(\.exe)?$/.test(Deno.execPath());

/**
 * Builds the island bundles once per process, unless the last build's sources are unchanged; a compiled binary
 * ships them (`deno task compile`) and only loads.
 */
function islandManifest(): Promise<IslandManifest> {
  manifestOnce ??= (async () => {
    if (isCompiled) {
      const prebuilt = await loadIslandManifest();
      if (!prebuilt) throw new Error("The binary has no island bundles: build it with `deno task compile`");
      return prebuilt;
    }
    const current = await currentIslandManifest();
    if (current) return current;
    const manifest = await buildIslands();
    await (await loadEsbuild()).stop();
    return manifest;
  })();
  return manifestOnce;
}

/**
 * Opens and migrates the database, seeds it when asked, and composes the app. `serveOnly`: a process the
 * primary started (server/cluster.ts), which finds the database migrated, seeded and swept already.
 */
export async function boot(
  env: Env,
  options: {
    now?: () => Date;
    log?: Logger;
    serveOnly?: boolean;
    /** The long reads in a worker of their own (db/read_worker.ts), as a served app has them; else on the
     * main thread, as most tests have them. */
    readWorker?: boolean;
  } = {},
) {
  const db = await openDb(env.DATABASE_URL, { authToken: env.DATABASE_AUTH_TOKEN, observer: dbObserver });
  const now = options.now ?? (() => new Date());
  const storage = await storageOf(env);
  const demoLinks = options.serveOnly ? null : await prepareData(db, env, storage, now());
  const log = options.log ?? jsonLogger();
  const reads = options.readWorker
    ? workerReads(env.DATABASE_URL, db, readCounter, (message) => log.error("checkpoints", { message }))
    : mainThreadReads(db);
  const deps: AppDeps = {
    db,
    reads,
    env,
    islands: await islandManifest(),
    styles: await loadStylesheet(),
    storage,
    now,
    log,
  };
  const app = createApp(deps);
  return {
    app,
    deps,
    seeded: demoLinks !== null,
    demoLinks,
    close: () => {
      reads.close();
      closeDb(db);
    },
  };
}

/** The uploads' storage: the S3 bucket when S3_BUCKET is set, otherwise DATA_DIR/uploads. */
async function storageOf(env: Env): Promise<Storage> {
  if (!env.S3_BUCKET) return localStorage(join(env.DATA_DIR, "uploads"));
  // Imported only for a bucket: the AWS SDK takes about half a CPU-second to load.
  const { s3Storage } = await import("./s3_storage.ts");
  return s3Storage({
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === "true",
  });
}

/**
 * Migrates, seeds when asked, sweeps the uploads an interrupted run left and marks the owner; answers the
 * client links of the finished demo jobs when the demo data was created (null otherwise).
 */
async function prepareData(db: Db, env: Env, storage: Storage, now: Date): Promise<FinishedJobLinks | null> {
  await migrateDb(db);
  let seeded: FinishedJobLinks | null = null;
  if (env.SEED === "demo" && await isEmpty(db)) {
    seeded = await seedDemo(db, { password: env.DEMO_PASSWORD, now, files: storage });
  }
  const swept = await sweepUploads(db, storage, now);
  if (swept.temporary + swept.orphans > 0) {
    console.warn(
      `Uploads: removed ${swept.temporary} unfinished and ${swept.orphans} row-less files left by an interrupted run`,
    );
  }
  const configuredOwner = ownerEmail(env);
  if (configuredOwner && (await syncOwner(db, configuredOwner)) === null) {
    console.warn(
      `OWNER_EMAIL "${configuredOwner}" is not an active system_admin: there is no owner until one is made with ` +
        "`deno task cli -- users create-admin`",
    );
  }
  return seeded;
}
