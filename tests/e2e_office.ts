// A suite of `deno task test`, one test worker: browser flows: administration, objects and employees.
import "../e2e/admin_test.ts";
import "../e2e/objects_test.ts";
