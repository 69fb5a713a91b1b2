/** At most 90 KB of JavaScript received on any page (React alone is about 60 KB in brotli). */
export const JS_BUDGET_BYTES = 90_000;
