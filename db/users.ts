// User administration queries. `scope` is the caller's company (null = every company, system_admin only).
import { and, desc, eq, ne, type SQL } from "drizzle-orm";
import type { Db } from "./client.ts";
import type { Scope } from "./scope.ts";
import { companies, localAccounts, users } from "./schema/mod.ts";
import { deleteUserSessions } from "./sessions.ts";
import type { Role } from "../domain/roles.ts";
import type { AdminUserJson } from "../domain/admin.ts";

export type { AdminUserJson };

export type User = typeof users.$inferSelect;

function scoped(scope: Scope, extra?: SQL): SQL | undefined {
  const own = scope === null ? undefined : eq(users.companyId, scope);
  return own && extra ? and(own, extra) : own ?? extra;
}

/** Who a user is, as every user JSON starts: id, e-mail, names and avatar (never the password). */
export function personJson(
  u: Pick<User, "id" | "email" | "firstName" | "lastName" | "profileImageUrl">,
) {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    profileImageUrl: u.profileImageUrl,
  };
}

/** The JSON of a user in admin lists: never the password, with the company and its name. */
export function adminUserJson(u: User, company: { id: number; name: string } | null): AdminUserJson {
  return {
    ...personJson(u),
    companyId: u.companyId,
    role: u.role,
    isActive: u.isActive,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
    company: company ? { id: company.id, name: company.name } : null,
    companyName: company?.name ?? null,
  };
}

const selection = { user: users, companyId: companies.id, companyName: companies.name };

type Row = { user: User; companyId: number | null; companyName: string | null };
const toJson = (r: Row) =>
  adminUserJson(r.user, r.companyId !== null ? { id: r.companyId, name: r.companyName ?? "" } : null);

/** Users within the scope with their company; the newest first. */
export async function listUsers(db: Db, scope: Scope, options: { limit?: number } = {}) {
  const rows = await db.select(selection).from(users).leftJoin(companies, eq(users.companyId, companies.id))
    .where(scoped(scope)).orderBy(desc(users.createdAt), desc(users.id)).limit(options.limit ?? 1000);
  return rows.map(toJson);
}

export async function findUser(db: Db, scope: Scope, id: number) {
  const [row] = await db.select(selection).from(users).leftJoin(companies, eq(users.companyId, companies.id))
    .where(scoped(scope, eq(users.id, id)));
  return row ? { row: row.user, json: toJson(row) } : null;
}

export async function emailTaken(db: Db, email: string, exceptId?: number): Promise<boolean> {
  const where = exceptId ? and(eq(users.email, email), ne(users.id, exceptId)) : eq(users.email, email);
  const [row] = await db.select({ id: users.id }).from(users).where(where).limit(1);
  return !!row;
}

/** The local (password) login account with this e-mail, or of this user. */
export async function findLocalAccount(db: Db, by: { email: string } | { userId: number }) {
  const where = "email" in by ? eq(localAccounts.email, by.email) : eq(localAccounts.userId, by.userId);
  return await db.query.localAccounts.findFirst({ where }) ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<User | null> {
  return await db.query.users.findFirst({ where: eq(users.email, email) }) ?? null;
}

/** A person who signs in with Yandex for the first time: a customer without a company or password. */
export async function createOAuthCustomer(
  db: Db,
  input: { email: string; firstName: string | null; lastName: string | null },
): Promise<User> {
  const [row] = await db.insert(users).values({ ...input, role: "user" }).returning();
  return row;
}

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  companyId: number | null;
  isActive: boolean;
  passwordHash: string;
}

/** Creates the user and its local login account together. */
export async function createUser(db: Db, input: NewUser): Promise<number> {
  const { passwordHash, ...user } = input;
  return await db.transaction(async (tx) => {
    const [row] = await tx.insert(users).values(user).returning({ id: users.id });
    await tx.insert(localAccounts).values({ userId: row.id, email: user.email, passwordHash });
    return row.id;
  });
}

/**
 * A person who registers: a customer without a company. Nothing happens when the e-mail is taken
 * (also by a registration running in parallel); returns the new id or null.
 */
export async function createCustomer(
  db: Db,
  input: { email: string; firstName: string; lastName: string; passwordHash: string },
): Promise<number | null> {
  return await db.transaction(async (tx) => {
    const [row] = await tx.insert(users).values({
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      role: "user",
    }).onConflictDoNothing().returning({ id: users.id });
    if (!row) return null;
    await tx.insert(localAccounts).values({
      userId: row.id,
      email: input.email,
      passwordHash: input.passwordHash,
    })
      .onConflictDoNothing();
    return row.id;
  });
}

export interface UserChanges {
  email?: string;
  firstName?: string;
  lastName?: string;
  role?: Role;
  companyId?: number | null;
  isActive?: boolean;
  profileImageUrl?: string | null;
  passwordHash?: string;
}

/**
 * Updates a user within the scope, with the login e-mail and password. A deactivated user, or one
 * whose password was reset, loses the open sessions. False when the user is not within the scope.
 */
export async function updateUser(db: Db, scope: Scope, id: number, changes: UserChanges) {
  const { passwordHash, ...set } = changes;
  return await db.transaction(async (tx) => {
    const [found] = await tx.select({ id: users.id }).from(users).where(scoped(scope, eq(users.id, id)));
    if (!found) return false;
    if (Object.keys(set).length) await tx.update(users).set(set).where(eq(users.id, id));
    if (set.email) {
      await tx.update(localAccounts).set({ email: set.email }).where(eq(localAccounts.userId, id));
    }
    if (passwordHash) {
      const [account] = await tx.select({ id: localAccounts.id }).from(localAccounts)
        .where(eq(localAccounts.userId, id));
      if (account) {
        await tx.update(localAccounts).set({ passwordHash }).where(eq(localAccounts.id, account.id));
      } else {
        const [u] = await tx.select({ email: users.email }).from(users).where(eq(users.id, id));
        await tx.insert(localAccounts).values({ userId: id, email: u.email, passwordHash });
      }
    }
    if (set.isActive === false || passwordHash) await deleteUserSessions(tx, id);
    return true;
  });
}

/** The user's avatar (its /api/profile/avatar/… address), or none. */
export async function setProfileImage(db: Db, userId: number, profileImageUrl: string | null): Promise<void> {
  await db.update(users).set({ profileImageUrl }).where(eq(users.id, userId));
}

/**
 * The user's own password change: the new hash, and every other session of the user ends (a thief
 * who had one is out); the session the change was made in stays.
 */
export async function changeOwnPassword(
  db: Db,
  userId: number,
  options: { passwordHash: string; keepSessionId: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(localAccounts).set({ passwordHash: options.passwordHash }).where(
      eq(localAccounts.userId, userId),
    );
    await deleteUserSessions(tx, userId, options.keepSessionId);
  });
}

/**
 * Makes the configured OWNER_EMAIL the owner at start: the account with that e-mail becomes the owner
 * only when it is an active system_admin (one made with the CLI or by another administrator, never by
 * registering: the API refuses that e-mail); every other account stops being one. Returns the owner's
 * id, or null when no such account exists (then there is no owner until one is made with the CLI).
 */
export async function syncOwner(db: Db, ownerEmail: string): Promise<number | null> {
  return await db.transaction(async (tx) => {
    const [owner] = await tx.select({ id: users.id }).from(users).where(and(
      eq(users.email, ownerEmail.toLowerCase()),
      eq(users.role, "system_admin"),
      eq(users.isActive, true),
    ));
    await tx.update(users).set({ isOwner: false }).where(
      owner ? and(eq(users.isOwner, true), ne(users.id, owner.id)) : eq(users.isOwner, true),
    );
    if (owner) await tx.update(users).set({ isOwner: true }).where(eq(users.id, owner.id));
    return owner?.id ?? null;
  });
}

export interface NewAdmin {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
}

/** The account that already has an e-mail, as the operator sees it before promoting it. */
export interface ExistingAccount {
  id: number;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  companyName: string | null;
  createdAt: Date;
  isActive: boolean;
}

export type CreateAdminResult =
  | { kind: "created"; id: number; isOwner: boolean }
  | { kind: "taken"; account: ExistingAccount }
  | { kind: "promoted"; id: number; isOwner: boolean; account: ExistingAccount };

/**
 * Creates a system administrator (the CLI's `users create-admin`). It becomes the owner when it has
 * the configured OWNER_EMAIL, or, with none configured, when there is no owner yet. When the e-mail is
 * taken it answers "taken" with whose account it is, or, with `promote`, makes that account the system
 * administrator (and owner by the same rule) with the operator's password and ends its sessions: e-mails
 * are not verified, so whoever registered the e-mail first must not keep a way in.
 */
export async function createSystemAdmin(
  db: Db,
  input: NewAdmin,
  options: { ownerEmail?: string | null; promote?: boolean } = {},
): Promise<CreateAdminResult> {
  const email = input.email.toLowerCase();
  return await db.transaction(async (tx) => {
    const [taken] = await tx.select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      companyName: companies.name,
      createdAt: users.createdAt,
      isActive: users.isActive,
    }).from(users).leftJoin(companies, eq(companies.id, users.companyId)).where(eq(users.email, email));
    if (taken && !options.promote) return { kind: "taken", account: taken };
    const configured = options.ownerEmail?.toLowerCase();
    const [current] = await tx.select({ id: users.id }).from(users).where(eq(users.isOwner, true)).limit(1);
    const isOwner = configured ? configured === email : !current || current.id === taken?.id;
    if (isOwner && current && current.id !== taken?.id) {
      await tx.update(users).set({ isOwner: false }).where(eq(users.isOwner, true));
    }
    const admin = { role: "system_admin" as const, companyId: null, isOwner };
    if (taken) {
      await tx.update(users).set({ ...admin, isActive: true }).where(eq(users.id, taken.id));
      await tx.insert(localAccounts).values({ userId: taken.id, email, passwordHash: input.passwordHash })
        .onConflictDoUpdate({
          target: localAccounts.userId,
          set: { email, passwordHash: input.passwordHash },
        });
      await deleteUserSessions(tx, taken.id);
      return { kind: "promoted", id: taken.id, isOwner, account: taken };
    }
    const [row] = await tx.insert(users).values({
      email,
      firstName: input.firstName,
      lastName: input.lastName,
      ...admin,
    }).returning({ id: users.id });
    await tx.insert(localAccounts).values({ userId: row.id, email, passwordHash: input.passwordHash });
    return { kind: "created", id: row.id, isOwner };
  });
}
