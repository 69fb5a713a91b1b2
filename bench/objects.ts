// Objects figures: GET /api/objects (first page and filtered) with 10 000 objects in one company, and the
// server's resident memory while a 400 MB video streams in and while a 600 MB one is refused with 413.
import { join } from "node:path";
import { signIn, startServer } from "./_server.ts";
import { seedCompany } from "../db/seed/bench.ts";
import { fileBytes, MB, rawUpload } from "./_raw_upload.ts";

const OBJECTS = 10_000;

async function time(url: string, cookie: string, n = 40) {
  const ms: number[] = [];
  let total = "";
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { Cookie: cookie } });
    await res.arrayBuffer();
    ms.push(performance.now() - t0);
    total = res.headers.get("X-Total-Count") ?? "";
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  }
  ms.sort((a, b) => a - b);
  return { p50: ms[Math.floor(n / 2)], p95: ms[Math.floor(n * 0.95)], total };
}

/**
 * Sends the upload over a raw HTTP/1.1 connection (Deno's fetch streams request bodies slowly): with a
 * Content-Length, or chunked when `chunked` (the server then meets the limit while streaming).
 */
async function upload(
  base: string,
  cookie: string,
  objectId: number,
  pid: number,
  size: number,
  chunked = false,
) {
  const boundary = "benchBoundary7MA4YWxkTrZu0gW";
  const enc = new TextEncoder();
  const head = enc.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\nЗамер\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = enc.encode(`\r\n--${boundary}--\r\n`);
  const mp4 = new Uint8Array([0, 0, 0, 24, ...enc.encode("ftypisom")]);
  const r = await rawUpload(base, pid, {
    head: [
      `POST /api/objects/${objectId}/videos HTTP/1.1`,
      `Cookie: ${cookie}`,
      `Origin: ${base}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`,
    ],
    body: [head, ...fileBytes(size, mp4), tail],
    length: chunked ? undefined : head.length + size + tail.length,
  });
  return { ...r, mbps: size / MB / r.seconds };
}

async function filesUnder(dir: string): Promise<Array<{ path: string; size: number }>> {
  const out: Array<{ path: string; size: number }> = [];
  const walk = async (d: string) => {
    try {
      for await (const e of Deno.readDir(d)) {
        const p = join(d, e.name);
        if (e.isDirectory) await walk(p);
        else out.push({ path: p, size: (await Deno.stat(p)).size });
      }
    } catch { /* none */ }
  };
  await walk(dir);
  return out;
}

export async function run() {
  const dir = await Deno.makeTempDir({ prefix: "polesmeta-bench-objects-" });
  const server = await startServer(dir);
  const { base, child } = server;
  try {
    await seedCompany(dir, { objects: OBJECTS });
    const cookie = await signIn(base, "engineer@demo.local");

    console.log(
      `GET /api/objects with ${OBJECTS} extra objects in the company (40 sequential requests each):`,
    );
    const cases: Array<[string, string]> = [
      ["first page (24)", "/api/objects?pageSize=24"],
      ["page 200", "/api/objects?pageSize=24&page=200"],
      ["status=approved", "/api/objects?status=approved"],
      ["workType=septic", "/api/objects?workType=septic"],
      ["district=Истринский", `/api/objects?district=${encodeURIComponent("Истринский")}`],
      ["search q=Клиент 99", `/api/objects?q=${encodeURIComponent("Клиент 99")}`],
      [
        "status + district + search",
        `/api/objects?status=new&district=${encodeURIComponent("Одинцовский")}&q=${
          encodeURIComponent("садовая")
        }`,
      ],
      ["page /objects (HTML)", "/objects"],
    ];
    for (const [name, path] of cases) {
      const r = await time(base + path, cookie);
      console.log(
        `  ${name.padEnd(28)} p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  total ${
          r.total || "-"
        }`,
      );
    }

    const list = await (await fetch(`${base}/api/objects?pageSize=1`, { headers: { Cookie: cookie } }))
      .json();
    const objectId = list[0].id;
    const pid = child.pid;
    const ok = await upload(base, cookie, objectId, pid, 400 * MB);
    console.log(
      `400 MB video upload: ${ok.status}, ${ok.seconds.toFixed(1)} s (${
        ok.mbps.toFixed(0)
      } MB/s); server RSS ` +
        `${ok.before.toFixed(0)} → peak ${ok.peak.toFixed(0)} MB (growth ${
          ok.growth.toFixed(1)
        } MB, limit 50)`,
    );
    const refused = await upload(base, cookie, objectId, pid, 600 * MB, true);
    const files = await filesUnder(join(dir, "uploads", "videos"));
    console.log(
      `600 MB video upload (chunked, no Content-Length): ${refused.status} after ${
        refused.seconds.toFixed(1)
      } s; ` +
        `RSS growth ${refused.growth.toFixed(1)} MB; files left: ${files.length} (` +
        `${files.map((f) => `${(f.size / MB).toFixed(0)} MB`).join(", ")} = the accepted 400 MB video)`,
    );
    const announced = await upload(base, cookie, objectId, pid, 600 * MB);
    console.log(
      `600 MB video upload with Content-Length: ${announced.status} after ${
        announced.seconds.toFixed(1)
      } s ` +
        `(refused before reading the body); RSS growth ${announced.growth.toFixed(1)} MB`,
    );
    const after = await filesUnder(join(dir, "uploads"));
    console.log(
      `files under uploads/ at the end: ${after.length} (${
        after.map((f) => `${(f.size / MB).toFixed(0)} MB`).join(", ")
      })`,
    );
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

if (import.meta.main) await run();
