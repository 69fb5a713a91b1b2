import { Hono } from "hono";
import { z } from "zod";
import type { Context } from "hono";
import { clientIp } from "../client_ip.ts";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { generateState, Yandex } from "arctic";
import { changePasswordSchema, loginSchema, registerSchema, safeNext } from "../../domain/auth.ts";
import {
  changeOwnPassword,
  createCustomer,
  createOAuthCustomer,
  findLocalAccount,
  findUserByEmail,
  personJson,
} from "../../db/users.ts";
import { ownerEmail } from "../env.ts";
import { ApiError, invalid } from "../errors.ts";
import { validate } from "../validate.ts";
import { queryText } from "../query.ts";
import { hashPassword, verifyPassword } from "../../db/password.ts";
import { createSession, SESSION_COOKIE } from "../auth/sessions.ts";
import { deleteSession, findUserWithCompany } from "../../db/sessions.ts";
import {
  acceptLoginAttempt,
  REGISTER_THROTTLE_MESSAGE,
  reserveLoginAttempt,
  reserveRegistration,
  THROTTLE_MESSAGE,
} from "../auth/throttle.ts";
import { isSecureRequest, loadCurrentUser, setSessionCookie } from "../middleware/session.ts";
import { currentUser, requireApi } from "../middleware/guard.ts";
import type { AppEnv, CurrentUser } from "../types.ts";

const WRONG_CREDENTIALS = "Неверный email или пароль";
const REGISTERED = "Регистрация принята. Войдите с этим email и паролем.";

/** The JSON shape of GET /api/user. */
export function userJson(u: CurrentUser) {
  return {
    ...personJson(u),
    role: u.role,
    companyId: u.companyId,
    companyName: u.companyName,
    isOwner: u.isOwner,
    pendingAssignment: u.companyId === null,
  };
}

/** A new session for the user; the browser's previous one (perhaps another user's) ends on the server. */
async function signIn(c: Context<AppEnv>, userId: number) {
  const { db, now } = c.get("deps");
  const previous = c.get("sessionId");
  if (previous) await deleteSession(db, previous);
  const { token } = await createSession(db, userId, now());
  setSessionCookie(c, token);
}

function yandexClient(c: Context<AppEnv>): Yandex | null {
  const { YANDEX_CLIENT_ID, YANDEX_CLIENT_SECRET, PUBLIC_URL } = c.get("deps").env;
  if (!YANDEX_CLIENT_ID || !YANDEX_CLIENT_SECRET) return null;
  const base = PUBLIC_URL ?? new URL(c.req.url).origin;
  return new Yandex(YANDEX_CLIENT_ID, YANDEX_CLIENT_SECRET, `${base}/api/callback`);
}

/** The password checks under way, one chain per e-mail and address pair. */
const checksInFlight = new Map<string, Promise<unknown>>();

/**
 * Checks a password as one throttled attempt: counted before the check (429 over the limit), delayed
 * when the e-mail is under attack, and forgotten when the password is right. Checks of one e-mail from
 * one address run one after another, so a burst of right passwords each sees the failures cleared by
 * the one before instead of all counting as pending guesses.
 */
async function throttledCheck(c: Context<AppEnv>, email: string, check: () => Promise<boolean>) {
  const { db, now } = c.get("deps");
  const ip = clientIp(c);
  const key = `${email}\n${ip}`;
  const run = async () => {
    const attempt = await reserveLoginAttempt(db, email, ip, now());
    if (!attempt) throw new ApiError(429, THROTTLE_MESSAGE);
    if (attempt.delayMs) await new Promise((resolve) => setTimeout(resolve, attempt.delayMs));
    const ok = await check();
    if (ok) await acceptLoginAttempt(db, email, ip, now());
    return ok;
  };
  const previous = checksInFlight.get(key) ?? Promise.resolve();
  const turn = previous.then(run, run);
  const settled = turn.catch(() => undefined);
  checksInFlight.set(key, settled);
  settled.then(() => {
    if (checksInFlight.get(key) === settled) checksInFlight.delete(key);
  });
  return await turn;
}

/** A form submitted by the browser (not a fetch with JSON). */
function isFormPost(c: Context<AppEnv>): boolean {
  const type = c.req.header("Content-Type") ?? "";
  return type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data");
}

export const authApi = new Hono<AppEnv>()
  .get("/user", requireApi(), (c) => c.json(userJson(currentUser(c))))
  .post("/login", validate("json", loginSchema), async (c) => {
    const { db } = c.get("deps");
    const { email, password } = c.req.valid("json");
    const account = await findLocalAccount(db, { email });
    // Hash even when there is no account, so timing does not reveal which e-mails exist.
    const ok = await throttledCheck(
      c,
      email,
      async () =>
        account
          ? await verifyPassword(account.passwordHash, password)
          : (await hashPassword(password), false),
    );
    if (!account || !ok) throw new ApiError(401, WRONG_CREDENTIALS);
    const row = await findUserWithCompany(db, account.userId);
    if (!row?.user.isActive) {
      throw new ApiError(403, "Учетная запись деактивирована. Обратитесь к администратору компании.");
    }
    if (row.company && !row.company.isActive) {
      throw new ApiError(403, `Компания «${row.company.name}» деактивирована. Обратитесь к администратору.`);
    }
    await signIn(c, account.userId);
    const user = await loadCurrentUser(c.get("deps"), account.userId);
    return c.json(userJson(user!));
  })
  // The same answer whether the e-mail was new, taken or reserved, so it does not tell which e-mails
  // exist; the form then signs in with the same e-mail and password (throttled like any sign-in).
  .post("/register", validate("json", registerSchema), async (c) => {
    const { db, env, now } = c.get("deps");
    const input = c.req.valid("json");
    if (!(await reserveRegistration(db, input.email, clientIp(c), now()))) {
      throw new ApiError(429, REGISTER_THROTTLE_MESSAGE);
    }
    // Hashed in every case, so the time taken does not tell either.
    const passwordHash = await hashPassword(input.password);
    if (input.email !== ownerEmail(env)) {
      await createCustomer(db, { ...input, passwordHash });
    }
    return c.json({ message: REGISTERED }, 202);
  })
  .post("/logout", async (c) => {
    const sessionId = c.get("sessionId");
    if (sessionId) await deleteSession(c.get("deps").db, sessionId);
    deleteCookie(c, SESSION_COOKIE, { path: "/" });
    // The menu's «Выйти» is a plain form (no script needed); a fetch gets JSON.
    if (isFormPost(c)) return c.redirect("/landing?logout=1", 303);
    return c.json({ message: "Вы успешно вышли из системы" });
  })
  // Any link or image could point here: a GET never signs out.
  .get("/logout", (c) => {
    c.header("Allow", "POST");
    return c.json({ message: "Выход — кнопкой «Выйти» (POST /api/logout)" }, 405);
  })
  .post("/change-password", requireApi(), validate("json", changePasswordSchema), async (c) => {
    const { db } = c.get("deps");
    const user = currentUser(c);
    const input = c.req.valid("json");
    // Guessing the current password from a stolen session is throttled like signing in.
    const account = await findLocalAccount(db, { userId: user.id });
    const ok = await throttledCheck(
      c,
      user.email,
      async () => !!account && await verifyPassword(account.passwordHash, input.currentPassword),
    );
    if (!ok) throw invalid({ currentPassword: ["Неверный текущий пароль"] });
    await changeOwnPassword(db, user.id, {
      passwordHash: await hashPassword(input.newPassword),
      keepSessionId: c.get("sessionId"),
    });
    return c.json({ message: "Пароль изменен" });
  })
  .get("/login", validate("query", z.object({ next: queryText })), (c) => {
    const yandex = yandexClient(c);
    const next = safeNext(c.req.valid("query").next);
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
  .get("/callback", validate("query", z.object({ state: queryText, code: queryText })), async (c) => {
    const yandex = yandexClient(c);
    const { state, code } = c.req.valid("query");
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
    const { db } = c.get("deps");
    let user = await findUserByEmail(db, email);
    if (!user && email === ownerEmail(c.get("deps").env)) return c.redirect("/login");
    user ??= await createOAuthCustomer(db, {
      email,
      firstName: info.first_name ?? null,
      lastName: info.last_name ?? null,
    });
    if (!(await loadCurrentUser(c.get("deps"), user.id))) return c.redirect("/login");
    await signIn(c, user.id);
    return c.redirect(next);
  });
