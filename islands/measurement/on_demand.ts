// The measurement screens' heavy part (form, session, estimate, photos) is a chunk of its own, downloaded
// when a screen needs it, on intent, and once the page is idle — so it is normally in the HTTP cache (island
// chunks are immutable) before a surveyor loses the signal, without counting in the page's preloads.
import { type ComponentType, lazy } from "react";

type Module<P> = { default: ComponentType<P> };

/**
 * A component loaded with `React.lazy` from its own chunk. `prefetch()` starts the download early;
 * `component()` is the lazy component to render. A failed download renders `Failed` and is tried again
 * by the next render that calls `component()`.
 */
export function onDemand<P>(importer: () => Promise<Module<P>>, Failed: ComponentType<P>) {
  let chunk: Promise<Module<P>> | null = null;
  const load = () =>
    chunk ??= importer().catch((error) => {
      chunk = null;
      throw error;
    });
  const make = () =>
    lazy(() =>
      load().catch((): Module<P> => {
        current = make();
        return { default: Failed };
      })
    );
  let current = make();
  return {
    prefetch: () => void load().catch(() => {}),
    component: () => current,
  };
}

/** Runs `fn` once the page has loaded and the browser is idle. */
export function whenIdle(fn: () => void): void {
  const idle = () => (self.requestIdleCallback ?? setTimeout)(() => fn());
  if (document.readyState === "complete") idle();
  else addEventListener("load", idle, { once: true });
}
