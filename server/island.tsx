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
}

/**
 * Renders an interactive component on the server as its own React root, to be hydrated in the
 * browser with the same `identifierPrefix`. Props must be JSON.
 */
export function Island<P extends object>({ component, props, as = "div", className }: IslandProps<P>) {
  const collector = useContext(IslandContext);
  if (!collector) throw new Error("Island rendered outside a page");
  const name = component.displayName ?? component.name;
  const prefix = collector.nextPrefix(name);
  const Component = component as ComponentType<object>;
  const html = renderToString(<Component {...props} />, { identifierPrefix: prefix });
  const Tag = as;
  return (
    <Tag
      className={className}
      data-island={name}
      data-prefix={prefix}
      data-props={JSON.stringify(props)}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
