// The session lookup of a local database file through a statement prepared once: the check runs on every
// request, and through the general client each run prepares the statement again and describes its columns,
// which costs several times the read itself (bench/pages.ts, profile in docs/performance.md).
// @ts-types="./libsql.d.ts"
import Database from "libsql";
import { LRUCache } from "lru-cache";
import type { SessionRow } from "./sessions.ts";
import { localPath } from "./client.ts";
import { versionReaderOf, type Versions } from "./table_versions.ts";

export const lookupSql = `select s.expires_at,
  u.id, u.email, u.first_name, u.last_name, u.profile_image_url, u.role, u.company_id, u.is_active, u.is_owner,
  c.id, c.name, c.subscription_tier, c.subscription_expires_at, c.is_active
from sessions s join users u on u.id = s.user_id left join companies c on c.id = u.company_id
where s.id = ?`;

type Cell = string | number | null;

/** A lookup that may be given the counters its request already read (server/versions.ts). */
export type LocalSessionLookup = (id: string, versions?: Versions) => SessionRow | undefined;

/** The tables the lookup reads: a row read is cached while none of them changed (db/table_versions.ts). */
const LOOKUP_TABLES = ["sessions", "users", "companies"];
/** Sessions cached per process; past it the least recently used is dropped (and read again when asked). */
const CACHED_SESSIONS = 10_000;

/**
 * A lookup on its own connection to the `file:` database at `url` (null for a remote database, which
 * then uses the general client). WAL lets it read while the app's connection writes, and each read sees
 * every committed change. A session found is cached with the change counters of the three tables, taken
 * before the read, and given again while they stand: a session deleted, renewed or added, a user or a
 * company changed moves a counter, so a revoked session or a deactivated user is refused on the next request.
 */
export function localSessionLookup(url: string): LocalSessionLookup | null {
  const path = localPath(url);
  if (path === null) return null;
  const connection = new Database(path);
  const statement = connection.prepare(lookupSql);
  statement.raw(true);
  const reader = versionReaderOf(path);
  const cached = new LRUCache<string, { row: SessionRow; stamp: number[] }>({ max: CACHED_SESSIONS });
  return (id: string, counters = reader.current()): SessionRow | undefined => {
    const stamp = LOOKUP_TABLES.map((table) => counters.get(table) ?? -1);
    const found = cached.get(id);
    if (found && found.stamp.every((v, i) => v === stamp[i])) return found.row;
    const row = read(id);
    if (row) cached.set(id, { row, stamp });
    return row;
  };

  function read(id: string): SessionRow | undefined {
    const row = statement.get(id) as Cell[] | undefined;
    if (!row) return undefined;
    const [expiresAt, userId, email, firstName, lastName, image, role, companyId, userActive, owner] = row;
    const [cId, cName, tier, tierExpires, cActive] = row.slice(10);
    return {
      session: { expiresAt: new Date(expiresAt as number) },
      user: {
        id: userId as number,
        email: email as string,
        firstName: firstName as string | null,
        lastName: lastName as string | null,
        profileImageUrl: image as string | null,
        role: role as SessionRow["user"]["role"],
        companyId: companyId as number | null,
        isActive: userActive === 1,
        isOwner: owner === 1,
      },
      company: cId === null ? null : {
        name: cName as string,
        subscriptionTier: tier as NonNullable<SessionRow["company"]>["subscriptionTier"],
        subscriptionExpiresAt: tierExpires === null ? null : new Date(tierExpires as number),
        isActive: cActive === 1,
      },
    };
  }
}
