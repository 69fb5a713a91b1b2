import { z } from "zod";

const emptyAsUndefined = (v: unknown) => (v === "" ? undefined : v);
const optional = z.preprocess(emptyAsUndefined, z.string().optional());

/**
 * The processes started when WEB_CONCURRENCY is unset, at most: past a few, the one writer of the database
 * file and each process's own caches gain little, and a demo on a many-core laptop stays light.
 */
export const DEFAULT_PROCESSES_AT_MOST = 4;

export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  /**
   * Server processes on the port (server/cluster.ts); "auto" is one per core. Unset, one per core up to
   * DEFAULT_PROCESSES_AT_MOST, and one on PORT=0 (a port of the system's choosing cannot be shared).
   */
  WEB_CONCURRENCY: z.preprocess(
    (v) => v === "auto" ? navigator.hardwareConcurrency : emptyAsUndefined(v),
    z.coerce.number().int().min(1).max(64).optional(),
  ),
  DATABASE_URL: z.string().default("file:data/app.db"),
  DATABASE_AUTH_TOKEN: optional,
  DATA_DIR: z.string().default("data"),
  OWNER_EMAIL: optional,
  PUBLIC_URL: optional,
  YANDEX_CLIENT_ID: optional,
  YANDEX_CLIENT_SECRET: optional,
  DADATA_API_KEY: optional,
  SEED: z.enum(["none", "demo"]).default("none"),
  DEMO_PASSWORD: z.string().min(6).default("demo12345"),
  /** The company /ruslos sells for; by default the first company with a shop. */
  SHOP_COMPANY_ID: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().optional()),
  /** Mail to clients (server/mail.ts); without SMTP_HOST messages wait in the outbox. */
  SMTP_HOST: optional,
  SMTP_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  /** "true": TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  SMTP_SECURE: z.preprocess(emptyAsUndefined, z.enum(["true", "false"]).default("false")),
  SMTP_USER: optional,
  SMTP_PASSWORD: optional,
  /** The sender, e.g. `ПолеСмета <noreply@example.ru>`; the company's name is put before the address. */
  MAIL_FROM: optional,
  /** Encrypts the companies' SMTP passwords and webhook secrets at rest (server/secret_box.ts); at least 32
   * random characters (`openssl rand -base64 32`). Without it no company password or webhook can be stored. */
  MAIL_SECRET_KEY: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, "MAIL_SECRET_KEY: at least 32 characters").optional(),
  ),
  /** "true" lets a webhook be http://127.0.0.1 (tests, a receiver on the same machine); otherwise https only. */
  WEBHOOK_ALLOW_LOOPBACK: z.preprocess(emptyAsUndefined, z.enum(["true", "false"]).default("false")),
  /** How often the outbox worker looks for due messages, and how long its claim on a batch lasts, ms. */
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(5000),
  OUTBOX_LEASE_MS: z.coerce.number().int().min(500).max(3_600_000).default(120_000),
  /** "false" keeps the long reads (analytics, the dashboard's figures) on the request thread instead of a
   * worker with its own connection (db/read_worker.ts); for comparing the two (bench/scale.ts). */
  READ_WORKER: z.preprocess(emptyAsUndefined, z.enum(["true", "false"]).default("true")),
  /** Where the daily backups go (server/backup_job.ts); without it the server makes none. */
  BACKUP_DIR: optional,
  /** /readyz answers 503 when the data folder's disk has less free space than this, MB. */
  READY_MIN_FREE_MB: z.coerce.number().min(0).default(200),
  /** The bearer token /metrics asks for; without it /metrics answers 404. */
  METRICS_TOKEN: optional,
  /** Uploads in an S3-compatible bucket instead of DATA_DIR/uploads (server/s3_storage.ts). */
  S3_BUCKET: optional,
  S3_ENDPOINT: optional,
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().default("us-east-1")),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  /** "true" for a self-hosted server (MinIO, Garage): the bucket in the path, not in the host name. */
  S3_FORCE_PATH_STYLE: z.preprocess(emptyAsUndefined, z.enum(["true", "false"]).default("false")),
}).refine((e) => e.WEB_CONCURRENCY === undefined || e.WEB_CONCURRENCY === 1 || e.PORT !== 0, {
  path: ["WEB_CONCURRENCY"],
  message: "several processes share one fixed PORT, not 0",
}).transform((e) => ({
  ...e,
  WEB_CONCURRENCY: e.WEB_CONCURRENCY ??
    (e.PORT === 0 ? 1 : Math.min(navigator.hardwareConcurrency, DEFAULT_PROCESSES_AT_MOST)),
}));

export type Env = z.infer<typeof envSchema>;

/** Reads the environment once; a bad value stops the start with a message naming the variable. */
export function readEnv(source: Record<string, string | undefined> = Deno.env.toObject()): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment: ${lines.join("; ")}`);
  }
  return parsed.data;
}

/**
 * The configured owner's e-mail (OWNER_EMAIL), or null. Nobody becomes the owner by taking this
 * e-mail: the API refuses it, and at start it marks only an existing system_admin (db/users.ts syncOwner).
 */
export function ownerEmail(env: Env): string | null {
  return env.OWNER_EMAIL?.trim().toLowerCase() || null;
}
