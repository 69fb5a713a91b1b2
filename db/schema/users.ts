import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { bool, createdAt, id, inList, timestamp, updatedAt } from "./_columns.ts";
import { roles } from "../../domain/enums.ts";
import { companies } from "./companies.ts";

export const users = sqliteTable("users", {
  id: id(),
  email: text("email").notNull(),
  firstName: text("first_name"),
  lastName: text("last_name"),
  profileImageUrl: text("profile_image_url"),
  companyId: integer("company_id").references(() => companies.id, { onDelete: "set null" }),
  role: text("role", { enum: roles }).notNull().default("user"),
  isActive: bool("is_active").notNull().default(true),
  isDemo: bool("is_demo").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** The main administrator of /admin/users; set only by the demo seed, the CLI or OWNER_EMAIL at start. */
  isOwner: bool("is_owner").notNull().default(false),
}, (t) => [
  uniqueIndex("users_email_idx").on(t.email),
  index("users_company_idx").on(t.companyId, t.role),
  check("users_role_check", sql.raw(`role IN (${inList(roles)})`)),
]);

/** Email-and-password sign-in; OAuth users have no row here. */
export const localAccounts = sqliteTable("local_accounts", {
  id: id(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  passwordHash: text("password_hash").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex("local_accounts_email_idx").on(t.email),
  uniqueIndex("local_accounts_user_idx").on(t.userId),
]);

/** Only the SHA-256 of the session token is stored. */
export const sessions = sqliteTable("sessions", {
  id: text("id").primaryKey(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at").notNull(),
  createdAt: createdAt(),
}, (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)]);

/**
 * `known`: an address the e-mail signed in from (kept longer; it gets through when the account is capped);
 * `guest_order`: a guest's order with installation, by phone (in `email`) and address.
 */
export const attemptKinds = ["login", "register", "known", "guest_order"] as const;

/**
 * Sign-in attempts (written before the password is checked, removed when it was right) and
 * registrations, counted per e-mail, per address and per pair for throttling.
 */
export const loginAttempts = sqliteTable("login_attempts", {
  id: id(),
  email: text("email").notNull(),
  ip: text("ip").notNull(),
  createdAt: createdAt(),
  kind: text("kind", { enum: attemptKinds }).notNull().default("login"),
}, (t) => [
  index("login_attempts_email_idx").on(t.email, t.createdAt),
  index("login_attempts_ip_idx").on(t.ip, t.createdAt),
]);
