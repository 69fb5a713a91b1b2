// Browser entry shared by every island bundle: hydrates the island's roots and runs the shared toast.
import { type ComponentType, createElement, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { focusToastRegion, showPendingToast } from "../components/toast.ts";
import { islandPropsId } from "../components/island_props.ts";

/**
 * Hydrates every server-rendered root of one island with its JSON props (the script after the root,
 * server/island.tsx). Once React has committed the hydration (its effects run), the root is marked
 * `data-hydrated`: before that, the server's inputs are on the screen but typing into them is lost when React
 * takes them over, so browser tests wait for the mark.
 */
export function hydrateIsland(name: string, Component: ComponentType<Record<string, unknown>>): void {
  for (const el of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
    const props = JSON.parse(
      document.getElementById(islandPropsId(el.dataset.prefix ?? ""))?.textContent || "{}",
    );
    hydrateRoot(el, createElement(Hydrated, { root: el, Component, props }), {
      identifierPrefix: el.dataset.prefix,
    });
  }
  startOnce();
}

function Hydrated(
  { root, Component, props }: {
    root: HTMLElement;
    Component: ComponentType<Record<string, unknown>>;
    props: Record<string, unknown>;
  },
) {
  useEffect(() => {
    root.dataset.hydrated = "1";
  }, [root]);
  return createElement(Component, props);
}

let started = false;
function startOnce() {
  if (started) return;
  started = true;
  showPendingToast();
  // F8 moves focus to the notification region, as in the spec's toast system.
  addEventListener("keydown", (e) => {
    if (e instanceof KeyboardEvent && e.key === "F8") focusToastRegion();
  });
}
