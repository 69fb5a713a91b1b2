// A suite of `deno task test`, one test worker: browser flows: field work offline and service visits.
import "../e2e/offline_test.ts";
import "../e2e/service_test.ts";
