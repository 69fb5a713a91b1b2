import "../e2e/offline_test.ts";
import "../e2e/service_test.ts";
