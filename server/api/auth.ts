import { Hono } from "hono";
import type { Context } from "hono";
import { getConnInfo } from "hono/deno";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { generateState, Yandex } from "arctic";
import { eq } from "drizzle-orm";
import { localAccounts, users } from "../../db/schema/mod.ts";
import { changePasswordSchema, loginSchema, registerSchema, safeNext } from "../../domain/auth.ts";
import { ApiError, invalid } from "../errors.ts";
import { validate } from "../validate.ts";
import { hashPassword, verifyPassword } from "../../db/password.ts";
import { createSession, deleteSession, SESSION_COOKIE } from "../auth/sessions.ts";
import { clearFailedLogins, isThrottled, recordFailedLogin, THROTTLE_MESSAGE } from "../auth/throttle.ts";
import {
  findUserWithCompany,
  isSecureRequest,
  loadCurrentUser,
  setSessionCookie,
} from "../middleware/session.ts";
import { currentUser, requireApi } from "../middleware/guard.ts";
import type { AppEnv, CurrentUser } from "../types.ts";

const WRONG_CREDENTIALS = "Неверный email или пароль";

/** The caller's address; behind no proxy this is the socket's peer. */
function clientIp(c: Context<AppEnv>): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/** The JSON shape of GET /api/user. */
export function userJson(u: CurrentUser) {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    profileImageUrl: u.profileImageUrl,
    role: u.role,
    companyId: u.companyId,
    companyName: u.companyName,
    isOwner: u.isOwner,
    pendingAssignment: u.companyId === null,
  };
}

async function signIn(c: Context<AppEnv>, userId: number) {
  const { db, now } = c.var.deps;
  const { token } = await createSession(db, userId, now());
  setSessionCookie(c, token);
}

function yandexClient(c: Context<AppEnv>): Yandex | null {
  const { YANDEX_CLIENT_ID, YANDEX_CLIENT_SECRET, PUBLIC_URL } = c.var.deps.env;
  if (!YANDEX_CLIENT_ID || !YANDEX_CLIENT_SECRET) return null;
  const base = PUBLIC_URL ?? new URL(c.req.url).origin;
  return new Yandex(YANDEX_CLIENT_ID, YANDEX_CLIENT_SECRET, `${base}/api/callback`);
}

export const authApi = new Hono<AppEnv>()
  .get("/user", requireApi(), (c) => c.json(userJson(currentUser(c))))
  .post("/login", validate("json", loginSchema), async (c) => {
    const { db, now } = c.var.deps;
    const { email, password } = c.req.valid("json");
    const ip = clientIp(c);
    if (await isThrottled(db, email, ip, now())) throw new ApiError(429, THROTTLE_MESSAGE);
    const account = await db.query.localAccounts.findFirst({ where: eq(localAccounts.email, email) });
    // Hash even when there is no account, so timing does not reveal which e-mails exist.
    const ok = account
      ? await verifyPassword(account.passwordHash, password)
      : (await hashPassword(password), false);
    if (!account || !ok) {
      await recordFailedLogin(db, email, ip, now());
      throw new ApiError(401, WRONG_CREDENTIALS);
    }
    const row = await findUserWithCompany(db, account.userId);
    if (!row?.user.isActive) {
      throw new ApiError(403, "Учетная запись деактивирована. Обратитесь к администратору компании.");
    }
    if (row.company && !row.company.isActive) {
      throw new ApiError(403, `Компания «${row.company.name}» деактивирована. Обратитесь к администратору.`);
    }
    await clearFailedLogins(db, email);
    await signIn(c, account.userId);
    const user = await loadCurrentUser(c.var.deps, account.userId);
    return c.json(userJson(user!));
  })
  .post("/register", validate("json", registerSchema), async (c) => {
    const { db } = c.var.deps;
    const input = c.req.valid("json");
    const exists = await db.query.users.findFirst({ where: eq(users.email, input.email) });
    if (exists) throw invalid({ email: ["Пользователь с таким email уже зарегистрирован"] });
    const passwordHash = await hashPassword(input.password);
    const userId = await db.transaction(async (tx) => {
      const [user] = await tx.insert(users).values({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: "user",
      }).returning({ id: users.id });
      await tx.insert(localAccounts).values({ userId: user.id, email: input.email, passwordHash });
      return user.id;
    });
    await signIn(c, userId);
    const user = await loadCurrentUser(c.var.deps, userId);
    return c.json(userJson(user!), 201);
  })
  .post("/logout", async (c) => {
    if (c.var.sessionId) await deleteSession(c.var.deps.db, c.var.sessionId);
    deleteCookie(c, SESSION_COOKIE, { path: "/" });
    return c.json({ message: "Вы успешно вышли из системы" });
  })
  .get("/logout", async (c) => {
    if (c.var.sessionId) await deleteSession(c.var.deps.db, c.var.sessionId);
    deleteCookie(c, SESSION_COOKIE, { path: "/" });
    return c.redirect("/landing?logout=1");
  })
  .post("/change-password", requireApi(), validate("json", changePasswordSchema), async (c) => {
    const { db } = c.var.deps;
    const user = currentUser(c);
    const input = c.req.valid("json");
    const account = await db.query.localAccounts.findFirst({ where: eq(localAccounts.userId, user.id) });
    if (!account || !(await verifyPassword(account.passwordHash, input.currentPassword))) {
      throw invalid({ currentPassword: ["Неверный текущий пароль"] });
    }
    await db.update(localAccounts).set({ passwordHash: await hashPassword(input.newPassword) })
      .where(eq(localAccounts.id, account.id));
    return c.json({ message: "Пароль изменен" });
  })
  .get("/login", (c) => {
    const yandex = yandexClient(c);
    const next = safeNext(c.req.query("next"));
    if (!yandex) return c.redirect(`/login${next === "/" ? "" : `?next=${encodeURIComponent(next)}`}`);
    const state = generateState();
    const url = yandex.createAuthorizationURL(state, ["login:email", "login:info"]);
    const cookie = {
      path: "/",
      httpOnly: true,
      sameSite: "Lax" as const,
      secure: isSecureRequest(c),
      maxAge: 600,
    };
    setCookie(c, "oauth_state", state, cookie);
    setCookie(c, "oauth_next", next, cookie);
    return c.redirect(url.toString());
  })
  .get("/callback", async (c) => {
    const yandex = yandexClient(c);
    const state = c.req.query("state");
    const code = c.req.query("code");
    if (!yandex || !state || !code || state !== getCookie(c, "oauth_state")) return c.redirect("/login");
    const next = safeNext(getCookie(c, "oauth_next"));
    deleteCookie(c, "oauth_state", { path: "/" });
    deleteCookie(c, "oauth_next", { path: "/" });
    const tokens = await yandex.validateAuthorizationCode(code);
    const info = await fetch("https://login.yandex.ru/info?format=json", {
      headers: { Authorization: `OAuth ${tokens.accessToken()}` },
      signal: AbortSignal.timeout(10_000),
    }).then((r) => r.json()) as { default_email?: string; first_name?: string; last_name?: string };
    if (!info.default_email) return c.redirect("/login");
    const email = info.default_email.toLowerCase();
    const { db } = c.var.deps;
    let user = await db.query.users.findFirst({ where: eq(users.email, email) });
    user ??= (await db.insert(users).values({
      email,
      firstName: info.first_name ?? null,
      lastName: info.last_name ?? null,
      role: "user",
    }).returning())[0];
    if (!(await loadCurrentUser(c.var.deps, user.id))) return c.redirect("/login");
    await signIn(c, user.id);
    return c.redirect(next);
  });
