// Test helpers of the CLI: a run in-process with its output captured, a run of the real CLI as a
// subprocess, and a temporary folder removed after the test.
import { fileURLToPath } from "node:url";
import { main } from "./main.ts";
import type { Io } from "./io.ts";

/** The project's root folder, ending in a slash. */
export const root = fileURLToPath(new URL("..", import.meta.url));
/** The measurement documents of examples/. */
export const examples = `${root}examples/measurements`;

export interface CliRun {
  code: number;
  out: string[];
  err: string[];
}

/** Runs the CLI in-process, capturing its output lines. */
export async function runCli(...args: string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (l) => out.push(l), err: (l) => err.push(l) };
  const code = await main(args, io);
  return { code, out, err };
}

/**
 * Runs the real CLI as a subprocess with stdin closed (no terminal to prompt on), with `env` added to
 * NO_COLOR, in `cwd` when given, stopped by `signal` when given.
 */
export async function spawnCli(
  args: string[],
  options: { env?: Record<string, string>; cwd?: string; signal?: AbortSignal } = {},
) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `${root}cli/main.ts`, ...args],
    cwd: options.cwd,
    env: { NO_COLOR: "1", ...options.env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    signal: options.signal,
  }).output();
  const dec = new TextDecoder();
  return {
    code: out.code,
    signal: out.signal,
    stdout: dec.decode(out.stdout),
    stderr: dec.decode(out.stderr),
  };
}

/** Runs `fn` with a new temporary folder, removed after it. */
export async function withTempDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir();
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
