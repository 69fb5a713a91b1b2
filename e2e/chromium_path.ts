// Where the browser tests find chromium: a module of its own, so that scripts/ensure_chromium.ts (run before
// every `deno task test`) loads this line rather than the harness's whole app and playwright.
export const CHROMIUM = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";
