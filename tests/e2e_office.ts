import "../e2e/admin_test.ts";
import "../e2e/objects_test.ts";
