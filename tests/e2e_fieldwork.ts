import "../e2e/cabinets_test.ts";
import "../e2e/measurement_test.ts";
