import { type ComponentType, createContext, type ReactNode, useContext } from "react";
import { renderToString } from "react-dom/server";
import { LRUCache } from "lru-cache";
import { islandPropsId } from "../components/island_props.ts";
import { DataScript } from "../components/DataScript.tsx";
import { flattened } from "./flat_string.ts";

/** Island name → the hashed bundle that hydrates it and the shared chunks it imports. */
export interface IslandManifest {
  entries: Record<string, { src: string; imports: string[] }>;
  /** Every bundle and chunk, lazy ones included: the service worker caches them for offline. */
  files?: string[];
  /** The service worker's bundle (served at /sw.js with its build, server/offline.ts). */
  serviceWorker?: string;
  /** The estimating engine for pricing on the phone, loaded only when there is no signal. */
  engine?: string;
}

/** Hands each island of a page its prefix (its position on the page) and notes its name. */
export interface IslandRegistry {
  nextPrefix(name: string): string;
  /** Notes an island whose prefix is not positional (one inside a cached fragment): its bundle is loaded. */
  use(name: string): void;
  /** Whether cached fragment `serial` is not on the page yet, noting that it is now. */
  claim(serial: number): boolean;
}

/** Collects the islands a page renders, so the page loads only their bundles. */
export class IslandCollector implements IslandRegistry {
  readonly used = new Set<string>();
  readonly #fragments = new Set<number>();
  #count = 0;
  nextPrefix(name: string): string {
    this.used.add(name);
    return `${name}${this.#count++}-`;
  }
  use(name: string): void {
    this.used.add(name);
  }
  claim(serial: number): boolean {
    if (this.#fragments.has(serial)) return false;
    this.#fragments.add(serial);
    return true;
  }
}

export const IslandContext = createContext<IslandRegistry | null>(null);

interface IslandProps<P> {
  component: ComponentType<P>;
  props: P;
  /** Element that wraps the island; a div by default. */
  as?: "div" | "span";
  className?: string;
  /**
   * The island's server HTML depends on its props alone (no clock, no randomness while rendering): it is
   * rendered once per props and position and cached (bounded), since a card list renders one per card.
   */
  cached?: boolean;
}

/** Cached HTML with the islands rendered inside it, by name, in page order. */
interface CachedFragment {
  html: string;
  islands: string[];
}

/** A fragment cached by CachedHtml: its islands' prefixes are made of its serial, not of their positions. */
interface CardFragment extends CachedFragment {
  serial: number;
  /** The serials of the cards rendered inside it. */
  inner: number[];
}

/** The serial of the last fragment CachedHtml rendered, for the prefixes of the islands inside it. */
let lastSerial = 0;

/** Cached HTML by key; the least recently used go first past the bound (bytes, two per UTF-16 unit). */
const fragments = new LRUCache<string, CachedFragment>({
  maxSize: 16_000_000,
  sizeCalculation: (fragment, key) => 2 * (key.length + fragment.html.length),
});

/** The fragment cached under `key`, rendered and made a flat string (server/flat_string.ts) the first time. */
function cachedHtml(key: string, render: () => CachedFragment): CachedFragment {
  let fragment = fragments.get(key);
  if (fragment === undefined) {
    const { html, islands } = render();
    fragments.set(key, fragment = { html: flattened(html), islands });
  }
  return fragment;
}

/**
 * An element whose inner HTML is a function of `data` alone (no clock, no randomness: what it needs from
 * them is in `data`), rendered once per `data` and cached: a list's card, made again only when its record
 * changes, wherever it stands on the page (a new card above it moves it, and renders only the new one). The
 * islands inside it take prefixes of the fragment's own serial instead of their positions on the page, so
 * its HTML holds wherever it is; the same card twice on one page is rendered again the second time, with
 * prefixes of its own. It is rendered as a root of its own, so it sees no React context but the islands'.
 */
export function CachedHtml(
  { name, as: Tag = "div", className, data, render }: {
    /** What is cached (a component's name): two kinds of card with equal data are cached apart. */
    name: string;
    as?: "div" | "article" | "tr" | "li";
    className?: string;
    data: unknown;
    render: () => ReactNode;
  },
) {
  const registry = useContext(IslandContext);
  if (!registry) throw new Error("CachedHtml rendered outside a page");
  // A card's key (its name, then its data) is told from a cached island's (its prefix, then \u0000).
  const key = `${name}\u0001${JSON.stringify(data)}`;
  let fragment = fragments.get(key) as CardFragment | undefined;
  if (fragment && [fragment.serial, ...fragment.inner].every((serial) => registry.claim(serial))) {
    fragment.islands.forEach((island) => registry.use(island));
  } else {
    const serial = ++lastSerial;
    registry.claim(serial);
    const islands: string[] = [];
    const inner: number[] = [];
    let inside = 0;
    const recorder: IslandRegistry = {
      nextPrefix(island) {
        recorder.use(island);
        return `${island}-c${serial}-${inside++}-`;
      },
      use(island) {
        islands.push(island);
        registry.use(island);
      },
      claim(card) {
        inner.push(card);
        return registry.claim(card);
      },
    };
    const html = renderToString(<IslandContext.Provider value={recorder}>{render()}</IslandContext.Provider>);
    const made = { html: flattened(html), islands, serial, inner };
    // A card already on this page keeps its cached copy; this second one is its own.
    if (!fragment) fragments.set(key, made);
    fragment = made;
  }
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: fragment.html }} />;
}

/**
 * Renders an interactive component on the server as its own React root, to be hydrated in the
 * browser with the same `identifierPrefix`. Props must be JSON; they follow the root in a script of their own
 * (after it, so that the root keeps its place among its siblings for `:first-child` and the like).
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
  const html = cached
    ? cachedHtml(`${prefix}\u0000${json}`, () => ({ html: render(), islands: [] })).html
    : render();
  const Tag = as;
  return (
    <>
      <Tag
        className={className}
        data-island={name}
        data-prefix={prefix}
        dangerouslySetInnerHTML={{ __html: html }}
      />
      <DataScript type="application/json" id={islandPropsId(prefix)} json={json} />
    </>
  );
}
