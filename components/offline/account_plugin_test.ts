import assert from "node:assert/strict";
import { accountPlugin, type CachedAccount } from "./account_plugin.ts";
import { ACCOUNT_HEADER } from "./urls.ts";

const request = new Request("http://127.0.0.1:8160/api/measurements/7");
const event = undefined as never;

/** The worker's cached account in memory, and the account whose cache the strategy would cache the answer in. */
function worker(initial: string | null) {
  const state = { account: initial, forgotten: 0, cacheOf: initial };
  const cached: CachedAccount = {
    remember: (account) => Promise.resolve(void (state.account = account)),
    forget: () => Promise.resolve(void (state.account = null, state.forgotten++)),
  };
  const plugin = accountPlugin(cached, (account) => void (state.cacheOf = account));
  return { state, plugin };
}

function answer(account: string | null, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (account) headers.set(ACCOUNT_HEADER, account);
  return new Response("{}", { ...init, headers });
}

/** What the plugin does with an answer: the answer if it is cached, else null. */
async function receive(plugin: ReturnType<typeof accountPlugin>, response: Response) {
  const passed = await plugin.fetchDidSucceed!({ request, response, event });
  assert.equal(passed, response, "the page gets the answer as it came");
  return await plugin.cacheWillUpdate!({ request, response, event }) ?? null;
}

Deno.test("accountPlugin() caches an answer naming the cached account in that account's cache", async () => {
  const { state, plugin } = worker("7");
  const response = answer("7");
  assert.equal(await receive(plugin, response), response);
  assert.deepEqual(state, { account: "7", forgotten: 0, cacheOf: "7" });
});

Deno.test("accountPlugin() makes the account an answer names the cached one and caches the answer in its cache", async () => {
  const { state, plugin } = worker("7");
  const response = answer("8");
  assert.equal(await receive(plugin, response), response);
  assert.deepEqual(state, { account: "8", forgotten: 0, cacheOf: "8" });
  // With no account cached yet (just signed in, or the worker just took over the page) the first answer counts.
  const fresh = worker(null);
  const first = answer("8");
  assert.equal(await receive(fresh.plugin, first), first);
  assert.deepEqual(fresh.state, { account: "8", forgotten: 0, cacheOf: "8" });
});

Deno.test("accountPlugin() forgets every account on an answer naming nobody (signed out, 401) and caches it nowhere", async () => {
  const { state, plugin } = worker("7");
  assert.equal(await receive(plugin, answer(null, { status: 401 })), null);
  assert.equal(await receive(plugin, answer(null)), null);
  assert.deepEqual(state, { account: null, forgotten: 2, cacheOf: "7" });
});

Deno.test("accountPlugin() neither caches nor switches on a failed or redirected answer", async () => {
  const { state, plugin } = worker("7");
  assert.equal(await receive(plugin, answer("8", { status: 404 })), null);
  const redirected = answer("8");
  Object.defineProperty(redirected, "redirected", { value: true });
  assert.equal(await receive(plugin, redirected), null);
  assert.deepEqual(state, { account: "7", forgotten: 0, cacheOf: "7" });
});

Deno.test("accountPlugin() asks past the HTTP cache", async () => {
  const asked = await worker("7").plugin.requestWillFetch!({ request, event });
  assert.equal(asked.cache, "no-store");
  assert.equal(asked.url, request.url);
});
