// A suite of `deno task test`, one test worker: browser flows: the surveyor measures, the cabinets.
import "../e2e/cabinets_test.ts";
import "../e2e/measurement_test.ts";
