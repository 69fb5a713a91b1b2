// A suite of `deno task test`, one test worker: browser flows: the act, the final payment, the contract.
import "../e2e/act_test.ts";
import "../e2e/contract_test.ts";
