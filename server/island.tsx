import { type ComponentType, createContext, useContext } from "react";
import { renderToString } from "react-dom/server";

/** Island name → the hashed bundle that hydrates it and the shared chunks it imports. */
export interface IslandManifest {
  entries: Record<string, { src: string; imports: string[] }>;
  /** Every bundle and chunk, lazy ones included: the service worker keeps them for offline. */
  files?: string[];
  /** The service worker's bundle (served at /sw.js with its build, server/offline.ts). */
  serviceWorker?: string;
  /** The estimating engine for pricing on the phone, loaded only when there is no signal. */
  engine?: string;
}

/** Collects the islands a page renders, so the page loads only their bundles. */
export class IslandCollector {
  readonly used = new Set<string>();
  #count = 0;
  nextPrefix(name: string): string {
    this.used.add(name);
    return `${name}${this.#count++}-`;
  }
}

export const IslandContext = createContext<IslandCollector | null>(null);

interface IslandProps<P> {
  component: ComponentType<P>;
  props: P;
  /** Element that wraps the island; a div by default. */
  as?: "div" | "span";
  className?: string;
  /**
   * The island's server HTML depends on its props alone (no clock, no randomness while rendering): it is
   * rendered once per props and position and kept (bounded), since a card list renders one per card.
   */
  cached?: boolean;
}

/** Kept island HTML by name, prefix and props, oldest first; bounded by characters held. */
const kept = new Map<string, string>();
const KEPT_CHARS = 4_000_000;
let keptChars = 0;

function keptHtml(key: string, render: () => string): string {
  const found = kept.get(key);
  if (found !== undefined) {
    kept.delete(key); // refreshed: most recently used last
    kept.set(key, found);
    return found;
  }
  const html = render();
  kept.set(key, html);
  keptChars += key.length + html.length;
  for (const [oldKey, oldHtml] of kept) {
    if (keptChars <= KEPT_CHARS) break;
    kept.delete(oldKey);
    keptChars -= oldKey.length + oldHtml.length;
  }
  return html;
}

/**
 * Renders an interactive component on the server as its own React root, to be hydrated in the
 * browser with the same `identifierPrefix`. Props must be JSON.
 */
export function Island<P extends object>(
  { component, props, as = "div", className, cached }: IslandProps<P>,
) {
  const collector = useContext(IslandContext);
  if (!collector) throw new Error("Island rendered outside a page");
  const name = component.displayName ?? component.name;
  const prefix = collector.nextPrefix(name);
  const Component = component as ComponentType<object>;
  const json = JSON.stringify(props);
  const render = () => renderToString(<Component {...props} />, { identifierPrefix: prefix });
  const html = cached ? keptHtml(`${prefix}\u0000${json}`, render) : render();
  const Tag = as;
  return (
    <Tag
      className={className}
      data-island={name}
      data-prefix={prefix}
      data-props={json}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
