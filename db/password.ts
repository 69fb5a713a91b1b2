// Password hashing: the stored form of a credential, used by the server (sign-in, new accounts), the CLI and
// the demo seed; in db/ so that every one of them may import it (db/ reaches no server/).
import { hash, type Options, verify } from "@node-rs/argon2";

/** argon2id with the library's defaults (19 MiB, t=2, p=1: OWASP's minimum recommendation). */
export const productionHashOptions: Options = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * The test suite's setting (`deno task test` sets it): hashes as cheap as argon2id allows, since every sign-in
 * and seed of a test pays for one. Never set it on a server: such hashes resist no guessing.
 */
export const CHEAP_HASHING_SETTING = "TEST_CHEAP_PASSWORD_HASHING";
const cheapTestHashOptions: Options = { memoryCost: 8, timeCost: 1, parallelism: 1 };

/** The parameters of new hashes: the production ones unless the test setting is "1". */
export const passwordHashOptions = (setting: string | undefined): Options =>
  setting === "1" ? cheapTestHashOptions : productionHashOptions;

export function hashPassword(password: string): Promise<string> {
  return hash(password, passwordHashOptions(Deno.env.get(CHEAP_HASHING_SETTING)));
}

/** Checks a password against its hash, whatever parameters the hash was made with (they are part of it). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
