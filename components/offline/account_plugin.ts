// The Workbox plugin that keeps each account's field-work data apart (components/offline/sw.ts): Workbox caches
// and looks up the answers, this says in whose cache. Every answer names the signed-in account
// (ACCOUNT_HEADER, server/offline.ts); the worker caches one account's data at a time.
import type { WorkboxPlugin } from "workbox-core/types.js";
import { ACCOUNT_HEADER } from "./urls.ts";

/** Whose data the device caches: the worker's record of it (sw.ts stores it in the Cache API). */
export interface CachedAccount {
  /** The account an answer named becomes the cached one; another account's data goes first. */
  remember(account: string): Promise<void>;
  /** Drops every account's data (signed out, or an answer for nobody). */
  forget(): Promise<void>;
}

/** An answer worth caching for later: a page or data as asked, not an error or where a redirect led. */
function keepable(response: Response): boolean {
  return response.ok && !response.redirected;
}

/**
 * The plugin of a field-work strategy, made per request: it asks past the HTTP cache, makes the account an
 * answer names the cached one (or forgets all on an answer naming nobody) before the page gets the answer, and
 * moves the strategy to that account's cache (`keepIn`), so an answer is cached only with its own account's data.
 */
export function accountPlugin(cached: CachedAccount, keepIn: (account: string) => void): WorkboxPlugin {
  return {
    // Past the HTTP cache: a copy cached there may name the account that was signed in before. (Workbox passes
    // no fetch options for a page, so the request itself is made anew.)
    requestWillFetch: ({ request }) => Promise.resolve(new Request(request, { cache: "no-store" })),
    fetchDidSucceed: async ({ response }) => {
      const answered = response.headers.get(ACCOUNT_HEADER);
      // Signed out (the sign-in page, a 401): nothing of the last account may be served any more.
      if (!answered) await cached.forget();
      else if (keepable(response)) {
        await cached.remember(answered);
        keepIn(answered);
      }
      return response;
    },
    cacheWillUpdate: ({ response }) =>
      Promise.resolve(keepable(response) && response.headers.has(ACCOUNT_HEADER) ? response : null),
  };
}
