// A suite of `deno task test`, one test worker: the command-line tool, in-process and spawned.
import "../cli/equipment_price_test.ts";
import "../cli/main_test.ts";
import "../cli/reference_jobs_test.ts";
import "../cli/safety_test.ts";
import "../cli/users_test.ts";
