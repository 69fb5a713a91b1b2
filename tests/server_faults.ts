import "../server/backup_job_test.ts";
import "../server/backup_test.ts";
import "../server/cluster_test.ts";
import "../server/concurrency_test.ts";
import "../server/fuzz_test.ts";
import "../server/graceful_test.ts";
import "../server/outbox_sigkill_test.ts";
import "../server/sigkill_test.ts";
