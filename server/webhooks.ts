// Webhooks: an event POSTed as JSON to a company's endpoint, signed so the receiver knows it came from here.
// `X-Polesmeta-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the endpoint's secret>`;
// the receiver recomputes it and refuses an old `t` (docs/messages.md has the check).
import { encodeBase64url, encodeHexLowerCase } from "@oslojs/encoding";
import { MailError } from "./mail.ts";
import type { Env } from "./env.ts";

const encoder = new TextEncoder();

/** A new endpoint's secret: shown once, then kept sealed. */
export const newWebhookSecret = () =>
  `whsec_${encodeBase64url(crypto.getRandomValues(new Uint8Array(24))).replace(/=+$/, "")}`;

/** The signature header's value for `body` sent at `timestamp` (unix seconds). */
export async function webhookSignature(secret: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    [
      "sign",
    ],
  );
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestamp}.${body}`));
  return `t=${timestamp},v1=${encodeHexLowerCase(new Uint8Array(mac))}`;
}

/**
 * Why `url` may not be a webhook, in Russian, or null: https only, and no address of this machine or its
 * network (a webhook must not reach the server's own services); WEBHOOK_ALLOW_LOOPBACK lets tests use
 * http://127.0.0.1.
 */
export function webhookUrlProblem(url: string, env: Pick<Env, "WEBHOOK_ALLOW_LOOPBACK">): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "Введите полный адрес, например https://crm.example.ru/hooks/polesmeta";
  }
  const host = parsed.hostname;
  const loopback = host === "127.0.0.1" || host === "localhost" || host === "[::1]";
  if (loopback && env.WEBHOOK_ALLOW_LOOPBACK === "true") return null;
  if (parsed.protocol !== "https:") return "Адрес должен начинаться с https://";
  if (parsed.username || parsed.password) return "Адрес не может содержать логин и пароль";
  if (loopback || privateHost(host)) return "Адрес должен вести во внешний интернет, не во внутреннюю сеть";
  return null;
}

/** A literal address of a private, link-local or loopback network, or a name of this machine. */
function privateHost(host: string): boolean {
  if (host.endsWith(".local") || host.endsWith(".internal") || !host.includes(".")) return true;
  const v4 = host.match(/^(\d+)\.(\d+)\.\d+\.\d+$/);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return a === 10 || a === 127 || a === 0 || (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
  }
  return host.startsWith("[");
}

/**
 * POSTs one delivery. A 2xx answer is a delivery («HTTP 200»); anything else, a redirect included, is a
 * MailError to retry; the receiver has 10 s to answer.
 */
export async function postWebhook(
  o: { url: string; secret: string; body: string; deliveryId: number; now: Date },
): Promise<{ response: string }> {
  const timestamp = Math.floor(o.now.getTime() / 1000);
  let res: Response;
  try {
    res = await fetch(o.url, {
      method: "POST",
      redirect: "manual",
      signal: AbortSignal.timeout(10_000),
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "User-Agent": "PoleSmeta-Webhook/1",
        "X-Polesmeta-Delivery": String(o.deliveryId),
        "X-Polesmeta-Signature": await webhookSignature(o.secret, timestamp, o.body),
      },
      body: o.body,
    });
  } catch (error) {
    throw new MailError(`нет ответа: ${(error as Error).message ?? String(error)}`, false, null);
  }
  const text = (await res.text().catch(() => "")).replace(/\s+/g, " ").trim().slice(0, 200);
  const answer = `HTTP ${res.status}${text ? ` ${text}` : ""}`;
  if (res.status >= 200 && res.status < 300) return { response: answer };
  throw new MailError(answer, false, res.status);
}
