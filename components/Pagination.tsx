/** «← Назад · Страница N из M · Вперед →» for a list split into pages; nothing when there is one page. */
export function Pagination(
  { page, pages, href }: { page: number; pages: number; href: (page: number) => string },
) {
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label="Страницы">
      {page > 1 ? <a className="btn btn-secondary" href={href(page - 1)} rel="prev">← Назад</a> : <span />}
      <span className="muted">{`Страница ${page} из ${pages}`}</span>
      {page < pages
        ? <a className="btn btn-secondary" href={href(page + 1)} rel="next">Вперед →</a>
        : <span />}
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
