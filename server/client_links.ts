// The client's private link: an unguessable token of which only the SHA-256 is stored, its state (404 unknown,
// 410 revoked or expired), and the payment QR image. Shared by the contracts API and the client's page.
import type { Context } from "hono";
import QRCode from "qrcode";
import { encodeBase64url } from "@oslojs/encoding";
import { sha256Hex } from "../domain/hash.ts";
import { type ClientLink, findLinkByTokenHash } from "../db/client_links.ts";
import type { AppEnv } from "./types.ts";

/** A fresh unguessable token (256 bits) and the hash that is stored instead of it. */
export function newToken(): { token: string; hash: string } {
  const token = encodeBase64url(crypto.getRandomValues(new Uint8Array(32))).replace(/=+$/, "");
  return { token, hash: sha256Hex(token) };
}

/** The QR image of a payment string: a PNG data URL a bank app scans. */
export const paymentQr = (payload: string) =>
  QRCode.toDataURL(payload, { errorCorrectionLevel: "M", margin: 2, width: 360 });

/** The same QR as a PNG file, for the client to save and open in the bank app on the same phone. */
export const paymentQrPng = (payload: string): Promise<Uint8Array> =>
  QRCode.toBuffer(payload, { errorCorrectionLevel: "M", margin: 2, width: 360, type: "png" });

export type LinkState = { link: ClientLink } | { status: 404 | 410 };

/** The link of a token: 404 when unknown, 410 when revoked or expired (the page says no more). */
export async function openLink(c: Context<AppEnv>, token: string): Promise<LinkState> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { status: 404 };
  const { db, now } = c.get("deps");
  const link = await findLinkByTokenHash(db, sha256Hex(token));
  if (!link) return { status: 404 };
  if (link.revokedAt || link.expiresAt <= now()) return { status: 410 };
  return { link };
}
