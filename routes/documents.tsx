import { pageHref, pageLinks, Pagination } from "../components/Pagination.tsx";
import type { Context } from "hono";
import { listDocuments } from "../db/documents.ts";
import { objectChoices } from "../db/objects.ts";
import { countOf, documentForms } from "../domain/format.ts";
import { adminRoles, hasRole } from "../domain/roles.ts";
import { Island } from "../server/island.tsx";
import { companyScope, currentUser } from "../server/middleware/guard.ts";
import type { AppEnv } from "../server/types.ts";
import DocumentsBrowser from "../islands/DocumentsBrowser.tsx";
import { renderWorkPage } from "./_page.tsx";
import { pageNumber } from "../server/query.ts";

const PAGE_SIZE = 48;

/** /documents: the company's documents as a card grid, with upload, download, view and delete. */
export default async function documentsPage(c: Context<AppEnv>) {
  const user = currentUser(c);
  const scope = companyScope(user);
  const { db } = c.get("deps");
  const page = pageNumber(c.req.query("page"));
  const [docs, objects] = await Promise.all([
    listDocuments(db, scope, { page, pageSize: PAGE_SIZE }),
    objectChoices(db, scope),
  ]);
  const pages = Math.max(1, Math.ceil(docs.total / PAGE_SIZE));
  return renderWorkPage(c, {
    title: "Документы",
    subtitle: countOf(docs.total, documentForms),
    body: (
      <div className="stack-lg">
        <Island
          component={DocumentsBrowser}
          props={{
            documents: docs.items,
            objects,
            userId: user.id,
            isAdmin: hasRole(user.role, adminRoles),
          }}
        />
        <Pagination {...pageLinks(page, pages, (p) => pageHref("/documents", {}, p))} />
      </div>
    ),
  });
}
