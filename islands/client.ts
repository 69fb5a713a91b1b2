// Browser entry shared by every island bundle: hydrates the island's roots and runs the shared toast.
import { type ComponentType, createElement } from "react";
import { hydrateRoot } from "react-dom/client";
import { showPendingToast } from "../components/toast.ts";

/** Hydrates every server-rendered root of one island with its JSON props. */
export function hydrateIsland(name: string, Component: ComponentType<Record<string, unknown>>): void {
  for (const el of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
    const props = JSON.parse(el.dataset.props ?? "{}");
    hydrateRoot(el, createElement(Component, props), { identifierPrefix: el.dataset.prefix });
  }
  startOnce();
}

let started = false;
function startOnce() {
  if (started) return;
  started = true;
  showPendingToast();
  // F8 moves focus to the notification region, as in the spec's toast system.
  addEventListener("keydown", (e) => {
    if (e.key === "F8") document.getElementById("toast-region")?.focus();
  });
}
