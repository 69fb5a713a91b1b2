import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { sha256Hex } from "../../domain/hash.ts";
import type { Db } from "../../db/client.ts";
import {
  deleteSession,
  findSessionRow,
  insertSession,
  renewSession,
  type SessionLookup,
  type SessionUser,
} from "../../db/sessions.ts";

const DAY = 86_400_000;
export const SESSION_LIFETIME = 30 * DAY;
/**
 * A session is extended to the full lifetime only once half of it has passed, so a busy session costs one
 * write per 15 days rather than one per request.
 */
const RENEW_WITHIN = SESSION_LIFETIME / 2;
export const SESSION_COOKIE = "ps_session";

export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** Only this hash of the token is stored, so a leaked database yields no usable cookie. */
export function sessionIdOf(token: string): string {
  return sha256Hex(token);
}

export async function createSession(db: Db, userId: number, now: Date) {
  const token = generateSessionToken();
  const session = { id: sessionIdOf(token), userId, expiresAt: new Date(now.getTime() + SESSION_LIFETIME) };
  await insertSession(db, session);
  return { token, session };
}

export interface ValidatedSession extends SessionUser {
  id: string;
  expiresAt: Date;
  renewed: boolean;
}

/**
 * Looks the token up together with its user and company (one query on every request, by `lookup` when
 * given); an expired session is deleted, one past half its lifetime is renewed.
 */
export async function validateSessionToken(
  db: Db,
  token: string,
  now: Date,
  lookup?: SessionLookup,
): Promise<ValidatedSession | null> {
  const id = sessionIdOf(token);
  const row = lookup ? await lookup(id) : await findSessionRow(db, id);
  if (!row) return null;
  const { session, user, company } = row;
  if (session.expiresAt.getTime() <= now.getTime()) {
    await deleteSession(db, id);
    return null;
  }
  if (session.expiresAt.getTime() - now.getTime() < RENEW_WITHIN) {
    const expiresAt = new Date(now.getTime() + SESSION_LIFETIME);
    await renewSession(db, id, expiresAt);
    return { id, expiresAt, renewed: true, user, company };
  }
  return { id, expiresAt: session.expiresAt, renewed: false, user, company };
}
