// Employees (company staff users). Every function takes the company scope (null = every company).
import { and, asc, eq, ne, type SQL } from "drizzle-orm";
import type { Db } from "./client.ts";
import type { Scope } from "./scope.ts";
import { localAccounts, users } from "./schema/mod.ts";
import { deleteUserSessions } from "./sessions.ts";
import type { Role } from "../domain/roles.ts";
import type { EmployeeJson } from "../domain/admin.ts";

export type { EmployeeJson };

export type UserRow = typeof users.$inferSelect;

const scoped = (scope: Scope): SQL | undefined => (scope === null ? undefined : eq(users.companyId, scope));

export function employeeJson(u: UserRow): EmployeeJson {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    role: u.role,
    isActive: u.isActive,
    profileImageUrl: u.profileImageUrl,
    companyId: u.companyId,
    createdAt: u.createdAt.toISOString(),
  };
}

/** The company's staff (customers excluded), by name. */
export async function listEmployees(db: Db, scope: Scope, companyId?: number): Promise<UserRow[]> {
  return await db.select().from(users)
    .where(
      and(scoped(scope), companyId ? eq(users.companyId, companyId) : undefined, ne(users.role, "user")),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

export async function findEmployee(db: Db, scope: Scope, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(and(eq(users.id, id), scoped(scope)));
  return row ?? null;
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return Boolean(row);
}

export async function createEmployee(db: Db, input: {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  companyId: number;
  passwordHash: string;
  now: Date;
}): Promise<UserRow> {
  return await db.transaction(async (tx) => {
    const [user] = await tx.insert(users).values({
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      role: input.role,
      companyId: input.companyId,
      isActive: true,
      createdAt: input.now,
      updatedAt: input.now,
    }).returning();
    await tx.insert(localAccounts).values({
      userId: user.id,
      email: input.email,
      passwordHash: input.passwordHash,
    });
    return user;
  });
}

/** Updates the employee; deactivation ends every session of theirs at once. */
export async function updateEmployee(
  db: Db,
  id: number,
  values: Partial<Pick<UserRow, "firstName" | "lastName" | "role" | "isActive" | "profileImageUrl">>,
  now: Date,
): Promise<UserRow> {
  return await db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ ...values, updatedAt: now }).where(eq(users.id, id))
      .returning();
    if (values.isActive === false) await deleteUserSessions(tx, id);
    return row;
  });
}
