// Password hashing: the stored form of a credential, used by the server (sign-in, new accounts), the CLI and
// the demo seed; in db/ so that every one of them may import it (db/ reaches no server/).
import { hash, verify } from "@node-rs/argon2";

// argon2id with the library's defaults (19 MiB, t=2, p=1: OWASP's minimum recommendation).
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
