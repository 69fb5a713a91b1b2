// A large upload sent over a raw connection, so that a bench controls the framing (chunked or a declared
// length) and sees the server's answer the moment it comes, while the server's memory is sampled.

export const MB = 1024 * 1024;
const enc = new TextEncoder();

/** The resident set of a process in MB, from /proc. */
export async function rssMb(pid: number): Promise<number> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`);
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
}

async function writeAll(conn: Deno.Conn, bytes: Uint8Array) {
  let written = 0;
  while (written < bytes.length) written += await conn.write(bytes.subarray(written));
}

/** `size` bytes of a file starting with `signature`, in pieces of 256 KB. */
export function* fileBytes(size: number, signature: Uint8Array): Generator<Uint8Array> {
  const chunk = new Uint8Array(256 * 1024);
  for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 7) & 255;
  chunk.set(signature);
  for (let sent = 0; sent < size; sent += chunk.length) {
    yield chunk.subarray(0, Math.min(chunk.length, size - sent));
  }
}

export interface RawUpload {
  /** The request line and headers (Host, Connection: close and the framing are added). */
  head: string[];
  /** The body's pieces; with `length` it is sent as declared, else chunked. */
  body: Iterable<Uint8Array>;
  /** The Content-Length to declare (it may lie); chunked when absent. */
  length?: number;
}

/**
 * Sends the request over a raw connection to `base`, stopping the body as soon as the server answers (a
 * refusal mid-body is expected), while sampling the resident memory of the server's process `pid`.
 */
export async function rawUpload(base: string, pid: number, request: RawUpload) {
  const url = new URL(base);
  const before = await rssMb(pid);
  let peak = before;
  const sampler = setInterval(async () => {
    peak = Math.max(peak, await rssMb(pid).catch(() => 0));
  }, 25);
  const t0 = performance.now();
  const conn = await Deno.connect({ hostname: url.hostname, port: Number(url.port) });
  let status: number | string = "no answer";
  const reply = (async () => {
    const buf = new Uint8Array(4096);
    let text = "";
    for (;;) {
      const n = await conn.read(buf).catch(() => null);
      if (n === null) break;
      text += new TextDecoder().decode(buf.subarray(0, n));
      if (text.includes("\r\n")) break;
    }
    status = Number(text.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0) || "closed";
  })();
  const chunked = request.length === undefined;
  let sent = 0;
  try {
    const framing = chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${request.length}`;
    const head = [...request.head, `Host: ${url.host}`, framing, "Connection: close", "", ""];
    await writeAll(conn, enc.encode(head.join("\r\n")));
    for (const bytes of request.body) {
      if (typeof status === "number") break;
      if (chunked) await conn.write(enc.encode(`${bytes.length.toString(16)}\r\n`));
      await writeAll(conn, bytes);
      if (chunked) await conn.write(enc.encode("\r\n"));
      sent += bytes.length;
    }
    if (chunked && typeof status !== "number") await conn.write(enc.encode("0\r\n\r\n"));
  } catch {
    // The server answered and closed while we were still sending (a refused upload).
  }
  await reply;
  try {
    conn.close();
  } catch { /* closed */ }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, await rssMb(pid).catch(() => 0));
  return { status, sentMb: sent / MB, before, peak, growth: peak - before, seconds };
}
