// The process's metrics in Prometheus's text format (prom-client), served at /metrics behind METRICS_TOKEN.
// One registry per process: Prometheus scrapes a process, and the database and the write queue report here.
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { DbObserver } from "../db/observed_client.ts";
import type { ReadCounter } from "../db/read_worker.ts";

export const registry = new Registry();

export const httpDuration = new Histogram({
  name: "polesmeta_http_request_duration_seconds",
  help: "Время ответа на запрос, по шаблону маршрута и статусу",
  labelNames: ["method", "route", "status"],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const dbStatement = new Histogram({
  name: "polesmeta_db_statement_duration_seconds",
  help: "Время выполнения запроса к базе (чтение, запись, пакет)",
  labelNames: ["kind"],
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [registry],
});

const writeQueueWait = new Histogram({
  name: "polesmeta_write_queue_wait_seconds",
  help: "Ожидание очереди записи процесса (db/write_queue.ts)",
  buckets: [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
  registers: [registry],
});

export const pageCacheLookups = new Counter({
  name: "polesmeta_page_cache_lookups_total",
  help:
    "Обращения к кэшу страниц: hit — ответ из кэша, miss — страница собрана заново; same — из них те, что совпали с копией в кэше и не отрисовывались",
  labelNames: ["result"],
  registers: [registry],
});

/** The page cache's lookups as a /metrics text counts them (the benches read a served process's; the tests their own). */
export interface PageCacheCounts {
  hit: number;
  miss: number;
  /** Of the misses, the pages found equal to their cached copy and not rendered. */
  same: number;
}

/** The page cache's lookups in a /metrics text. */
export function pageCacheCounts(metrics: string): PageCacheCounts {
  const count = (result: string) =>
    Number(
      new RegExp(`polesmeta_page_cache_lookups_total\\{result="${result}"\\} (\\d+)`).exec(metrics)?.[1] ?? 0,
    );
  return { hit: count("hit"), miss: count("miss"), same: count("same") };
}

const namedReads = new Counter({
  name: "polesmeta_named_reads_total",
  help:
    "Тяжёлые чтения (db/read_queries.ts): где выполнены — в отдельном потоке (worker) или в потоке запросов",
  labelNames: ["name", "where"],
  registers: [registry],
});

/** Counts where each named read ran (db/read_worker.ts). */
export const readCounter: ReadCounter = (name, where) => namedReads.inc({ name, where });

export const outboxLength = new Gauge({
  name: "polesmeta_outbox_pending_messages",
  help: "Письма клиентам, ждущие отправки",
  registers: [registry],
});

new Gauge({
  name: "polesmeta_process_memory_bytes",
  help: "Память процесса (Deno.memoryUsage): rss, heapTotal, heapUsed, external",
  labelNames: ["kind"],
  registers: [registry],
  collect() {
    for (const [kind, bytes] of Object.entries(Deno.memoryUsage())) this.set({ kind }, bytes);
  },
});

/** What the database client reports: each statement's time and each write's wait for its turn. */
export const dbObserver: DbObserver = {
  statement: (kind, ms) => dbStatement.observe({ kind }, ms / 1000),
  queueWait: (ms) => writeQueueWait.observe(ms / 1000),
};
