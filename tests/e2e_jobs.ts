import "../e2e/act_test.ts";
import "../e2e/contract_test.ts";
