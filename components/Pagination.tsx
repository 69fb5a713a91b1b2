/** A list's place among its pages and the addresses of the pages around it: what Pagination shows. */
export interface PageLinks {
  page: number;
  pages: number;
  prev?: string;
  next?: string;
}

/**
 * The links of page `page` of `pages`, each address built by `href`. Pagination takes addresses, not the
 * function: a page's element tree is data (server/page_fingerprint.ts), so a page made again from the same
 * rows is the same tree.
 */
export function pageLinks(page: number, pages: number, href: (page: number) => string): PageLinks {
  return {
    page,
    pages,
    prev: page > 1 ? href(page - 1) : undefined,
    next: page < pages ? href(page + 1) : undefined,
  };
}

/** «← Назад · Страница N из M · Вперед →» for a list split into pages; nothing when there is one page. */
export function Pagination({ page, pages, prev, next }: PageLinks) {
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label="Страницы">
      {prev ? <a className="btn btn-secondary" href={prev} rel="prev">← Назад</a> : <span />}
      <span className="muted">{`Страница ${page} из ${pages}`}</span>
      {next ? <a className="btn btn-secondary" href={next} rel="next">Вперед →</a> : <span />}
    </nav>
  );
}

/** The address of page `page` of `path` with the given filters (empty ones left out, page 1 without `page`). */
export function pageHref(path: string, params: Record<string, string | undefined>, page: number): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  if (page > 1) q.set("page", String(page));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}
