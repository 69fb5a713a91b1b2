import "../e2e/js_budget_test.ts";
import "../e2e/shell_test.ts";
