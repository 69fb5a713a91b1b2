import type { Context } from "hono";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { IslandCollector, IslandContext } from "./island.tsx";
import { ToastRegion } from "../components/ToastRegion.tsx";
import { fingerprint } from "./page_fingerprint.ts";
import type { AppEnv } from "./types.ts";

const utf8 = new TextEncoder();
/** What Hono's c.html() says of a page. */
const HTML = "text/html; charset=UTF-8";

export interface DocumentProps {
  title: string;
  styleVersion: string;
  children: ReactNode;
  bodyClass?: string;
  /** The meta description (the shop's pages, for search engines). */
  description?: string;
  /** What the title ends with: the product's name by default, a store's name on its pages. */
  siteName?: string;
  /** More head elements: canonical link, structured data. */
  head?: ReactNode;
}

/** The HTML document around every page. */
function Document(
  { title, styleVersion, children, bodyClass, description, siteName = "ПолеСмета", head }: DocumentProps,
) {
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2563eb" />
        <title>{`${title} — ${siteName}`}</title>
        {description && <meta name="description" content={description} />}
        <link rel="icon" href="/static/favicon.svg" type="image/svg+xml" />
        {/* Installable: the manifest for Android, the touch icon and title for iPhone's home screen. */}
        <link rel="manifest" href="/static/manifest.webmanifest" />
        <link rel="apple-touch-icon" href="/static/icons/apple-touch-icon.png" />
        <meta name="mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-title" content="ПолеСмета" />
        <meta name="apple-mobile-web-app-status-bar-style" content="default" />
        <link rel="stylesheet" href={`/static/styles.css?v=${styleVersion}`} />
        {head}
      </head>
      <body className={bodyClass}>
        {children}
        <ToastRegion page />
      </body>
    </html>
  );
}

/**
 * Renders a page on the server. The islands it used are collected while rendering, and only their
 * bundles (and the shared chunks they import) are loaded: a page without islands loads no script.
 */
export function renderPage(
  c: Context<AppEnv>,
  page: Omit<DocumentProps, "styleVersion" | "children"> & { body: ReactNode },
  status: 200 | 403 | 404 | 410 | 500 = 200,
): Response {
  // Under the page cache: a page whose tree equals its cached copy's is that copy, not rendered again.
  const making = c.get("pageMaking");
  if (making) {
    making.fingerprint = fingerprint([page, status], making.now);
    const previous = making.previous;
    if (making.fingerprint !== null && previous?.fingerprint === making.fingerprint) {
      making.reused = true;
      return c.body(previous.bytes, status, { "Content-Type": previous.contentType });
    }
  }
  const collector = new IslandCollector();
  // The data is loaded before rendering and islands render synchronously, so there is nothing to stream:
  // one string skips encoding the HTML into chunks only to decode it again.
  let html = "<!DOCTYPE html>" + renderToString(
    <IslandContext.Provider value={collector}>
      <Document {...page} styleVersion={c.get("deps").styles.version}>
        {page.body}
      </Document>
    </IslandContext.Provider>,
  );
  if (collector.used.size > 0) {
    const { islands } = c.get("deps");
    const preloads = new Set<string>();
    const scripts = [...collector.used].map((name) => {
      const entry = islands.entries[name];
      if (!entry) throw new Error(`Island "${name}" is not in the manifest; run the build`);
      entry.imports.forEach((src) => preloads.add(`<link rel="modulepreload" href="${src}">`));
      return `<script type="module" src="${entry.src}"></script>`;
    });
    // Found from the end and joined around: replace() scanned and copied the whole page once more.
    const end = html.lastIndexOf("</body>");
    html = html.slice(0, end) + [...preloads].join("") + scripts.join("") + html.slice(end);
  }
  if (making) {
    // The cache keeps bytes: reading them back from the answer's body costs twice their encoding (a 30 KB
    // page: 72 against 35 µs).
    making.bytes = utf8.encode(html);
    return c.body(making.bytes, status, { "Content-Type": HTML });
  }
  return c.html(html, status);
}
