// SHA-256 as lowercase hex: what is stored instead of a secret (session and link tokens) and what a signed text
// is known by. node:crypto hashes natively: the session check hashes the cookie's token on every request, and
// a hash written in JavaScript took 15 µs of it against 2 µs here.
import { createHash } from "node:crypto";

/** The SHA-256 of `input` (a string is hashed as its UTF-8 bytes) in lowercase hex. */
export const sha256Hex = (input: string | Uint8Array): string =>
  createHash("sha256").update(input).digest("hex");
