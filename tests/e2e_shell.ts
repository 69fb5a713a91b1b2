// A suite of `deno task test`, one test worker: browser flows: the shell and sign-in, the JavaScript budget.
import "../e2e/js_budget_test.ts";
import "../e2e/shell_test.ts";
