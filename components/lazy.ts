// The one lazy loader of the islands: a part of an island (a dialog's form, a screen's steps) that is a chunk
// of its own, downloaded when it is needed or on intent, so the page loads only the island's small entry. Island chunks are immutable, so a prefetched part is in the HTTP cache for later.
import { type ComponentType, lazy } from "react";

type Module<P> = { default: ComponentType<P> };

/**
 * A component loaded with `React.lazy` from its own chunk; render `component()` inside `<Suspense>`.
 * `preload()` starts the download early, `intent` does so for a trigger button as soon as the person reaches
 * for it (pointer over, focus, touch). A failed download renders `Failed` and is tried again by the next
 * render that calls `component()`.
 */
export function lazyPart<P>(importer: () => Promise<Module<P>>, Failed: ComponentType<P>) {
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
  const preload = () => void load().catch(() => {});
  return {
    preload,
    component: () => current,
    intent: { onPointerEnter: preload, onFocus: preload, onTouchStart: preload },
  };
}

/**
 * Starts loading once the pointer, a finger or focus reaches any element of the page matching the selector
 * (server-rendered buttons that open the dialog); returns the cleanup.
 */
export function preloadOnIntentOf(selector: string, preload: () => void): () => void {
  const events = ["pointerover", "touchstart", "focusin"] as const;
  const stop = () => events.forEach((name) => document.removeEventListener(name, onIntent));
  function onIntent(e: Event) {
    if (!(e.target as Element | null)?.closest?.(selector)) return;
    stop();
    preload();
  }
  events.forEach((name) => document.addEventListener(name, onIntent, { passive: true }));
  return stop;
}

/**
 * A module an island needs only once the person acts (the form's checks), from its own chunk: the loader
 * answers null when it cannot download, and the island then leaves the checks to the server.
 */
export function lazyModule<M>(importer: () => Promise<M>): () => Promise<M | null> {
  return () => importer().catch(() => null);
}
