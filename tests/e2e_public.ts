// A suite of `deno task test`, one test worker: browser flows: every page on a phone without overflow, the shop.
import "../e2e/overflow_test.ts";
import "../e2e/shop_test.ts";
