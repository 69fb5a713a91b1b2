import "../e2e/overflow_test.ts";
import "../e2e/shop_test.ts";
