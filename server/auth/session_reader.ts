// The session lookup of a local database file through a statement prepared once: the check runs on every
// request, and through the general client each run prepares the statement again and describes its columns,
// which costs several times the read itself (bench/pages.ts, profile in README "Performance").
// @ts-types="../../db/libsql.d.ts"
import Database from "libsql";
import type { SessionLookup, SessionRow } from "./sessions.ts";

export const lookupSql = `select s.expires_at,
  u.id, u.email, u.first_name, u.last_name, u.profile_image_url, u.role, u.company_id, u.is_active, u.is_owner,
  c.id, c.name, c.subscription_tier, c.subscription_expires_at, c.is_active
from sessions s join users u on u.id = s.user_id left join companies c on c.id = u.company_id
where s.id = ?`;

type Cell = string | number | null;

/**
 * A lookup on its own connection to the `file:` database at `url` (null for a remote database, which
 * then uses the general client). WAL lets it read while the app's connection writes, and each read sees
 * every committed change, so a session deleted or a user deactivated is refused on the next request.
 */
export function localSessionLookup(url: string): SessionLookup | null {
  if (!url.startsWith("file:")) return null;
  const connection = new Database(url.slice("file:".length));
  const statement = connection.prepare(lookupSql);
  statement.raw(true);
  return (id: string): SessionRow | undefined => {
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
  };
}
