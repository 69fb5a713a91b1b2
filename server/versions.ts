// The change counters of the tables (db/table_versions.ts) as this request found them: read once, at the
// first need (the session check), before the request reads anything, and shared by the session check and
// the cached answers. Null for a database that is not a local file (nothing is cached then).
import type { Context } from "hono";
import { localPath } from "../db/client.ts";
import { versionReaderOf, type Versions } from "../db/table_versions.ts";
import type { AppEnv } from "./types.ts";

export function requestVersions(c: Context<AppEnv>): Versions | null {
  let versions = c.get("versions");
  if (versions === undefined) {
    const path = localPath(c.get("deps").env.DATABASE_URL);
    versions = path === null ? null : versionReaderOf(path).current();
    c.set("versions", versions);
  }
  return versions;
}

/**
 * The counters a page of company `companyId` is cached under (read before the page reads anything): the
 * company's own for the tables whose rows belong to a company, so other companies' writes leave its pages
 * cached; the tables' counters for a page of no company (a signed-out visitor, a system administrator).
 */
export function pageVersions(c: Context<AppEnv>, companyId: number | null): Versions | null {
  const versions = requestVersions(c);
  if (versions === null || companyId === null) return versions;
  return versionReaderOf(localPath(c.get("deps").env.DATABASE_URL)!).ofCompany(companyId, versions);
}

/** The user's unread notifications, as the bell on every signed-in page shows them (null: nothing is cached). */
export function unreadStamp(c: Context<AppEnv>, userId: number): number | null {
  const versions = requestVersions(c);
  if (versions === null) return null;
  return versionReaderOf(localPath(c.get("deps").env.DATABASE_URL)!).unreadOf(userId, versions);
}
