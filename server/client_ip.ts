import type { Context } from "hono";
import { getConnInfo } from "hono/deno";
import type { AppEnv } from "./types.ts";

/** The caller's address; behind no proxy this is the socket's peer. */
export function clientIp(c: Context<AppEnv>): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}
