// A suite of `deno task test`, one test worker: faults and load (fuzz, SIGKILL, graceful stop, concurrency,
// two processes, backups).
import "../server/backup_job_test.ts";
import "../server/backup_test.ts";
import "../server/cluster_test.ts";
import "../server/concurrency_test.ts";
import "../server/fuzz_test.ts";
import "../server/graceful_test.ts";
import "../server/outbox_sigkill_test.ts";
import "../server/sigkill_test.ts";
