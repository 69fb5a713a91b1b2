// Upload figures: the server's resident memory while a 400 MB video streams in chunked (no Content-Length),
// while 1 GB is pushed at each small upload route (refused with 413 as soon as its limit is passed), and
// the latency of other requests while a zip-bomb price list is being refused.
import { priceListBomb } from "../estimating/zip_fixture.ts";
import { signIn, startServer } from "./_server.ts";
import { fileBytes, MB, rawUpload } from "./_raw_upload.ts";

const enc = new TextEncoder();

/** Sends a multipart upload of `target.size` bytes chunked (no Content-Length) until the server answers. */
function chunkedUpload(
  base: string,
  cookie: string,
  pid: number,
  target: { path: string; field: string; fileName: string; signature: Uint8Array; size: number },
) {
  const boundary = "benchBoundary7MA4YWxkTrZu0gW";
  return rawUpload(base, pid, {
    head: [
      `POST ${target.path} HTTP/1.1`,
      `Cookie: ${cookie}`,
      `Origin: ${base}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`,
    ],
    body: [
      enc.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="${target.field}"; filename="${target.fileName}"\r\n\r\n`,
      ),
      ...fileBytes(target.size, target.signature),
      enc.encode(`\r\n--${boundary}--\r\n`),
    ],
  });
}

async function latency(url: string, cookie: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { Cookie: cookie } });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - t0;
}

const summary = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return `n=${s.length}, p50 ${s[Math.floor(s.length / 2)].toFixed(1)} ms, max ${
    s[s.length - 1].toFixed(1)
  } ms`;
};

export async function run() {
  const dir = await Deno.makeTempDir({ prefix: "polesmeta-bench-uploads-" });
  const server = await startServer(dir);
  const { base, child } = server;
  try {
    const engineer = await signIn(base, "engineer@demo.local");
    const director = await signIn(base, "director@demo.local");
    const me = await (await fetch(`${base}/api/user`, { headers: { Cookie: director } })).json();
    const [object] = await (await fetch(`${base}/api/objects`, { headers: { Cookie: engineer } })).json();
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const mp4 = Uint8Array.from([0, 0, 0, 24, ...enc.encode("ftypisom")]);

    console.log("Chunked uploads without Content-Length (server RSS, MB):");
    const cases = [
      {
        label: "400 MB video (accepted)",
        cookie: engineer,
        path: `/api/objects/${object.id}/videos`,
        field: "video",
        fileName: "v.mp4",
        signature: mp4,
        size: 400 * MB,
      },
      {
        label: "1 GB avatar (limit 5 MB)",
        cookie: director,
        path: "/api/profile/avatar",
        field: "file",
        fileName: "a.png",
        signature: png,
        size: 1024 * MB,
      },
      {
        label: "1 GB logo (limit 1 MB)",
        cookie: director,
        path: `/api/companies/${me.companyId}/logo`,
        field: "file",
        fileName: "l.png",
        signature: png,
        size: 1024 * MB,
      },
      {
        label: "1 GB price list (limit 5 MB)",
        cookie: director,
        path: "/api/settings/price-list",
        field: "file",
        fileName: "p.csv",
        signature: png,
        size: 1024 * MB,
      },
      {
        label: "1 GB document (limit 50 MB)",
        cookie: engineer,
        path: `/api/objects/${object.id}/documents`,
        field: "file",
        fileName: "d.pdf",
        signature: enc.encode("%PDF-1.4\n"),
        size: 1024 * MB,
      },
    ];
    for (const c of cases) {
      const r = await chunkedUpload(base, c.cookie, child.pid, c);
      console.log(
        `  ${c.label.padEnd(30)} status ${r.status}, sent ${r.sentMb.toFixed(1)} MB in ${
          r.seconds.toFixed(2)
        } s; ` +
          `RSS ${r.before.toFixed(0)} → peak ${r.peak.toFixed(0)} (growth ${r.growth.toFixed(1)})`,
      );
    }

    const user = `${base}/api/user`;
    const quiet: number[] = [];
    for (let i = 0; i < 20; i++) quiet.push(await latency(user, engineer));
    const bomb = priceListBomb();
    const form = new FormData();
    form.set("file", new File([bomb], "bomb.xlsx"));
    const t0 = performance.now();
    let done = false;
    const upload = fetch(`${base}/api/settings/price-list`, {
      method: "POST",
      headers: { Cookie: director, Origin: base },
      body: form,
    }).then(async (res) => {
      const body = await res.json();
      done = true;
      return {
        status: res.status,
        message: body.errors?.file?.[0] ?? body.message,
        ms: performance.now() - t0,
      };
    });
    const during: number[] = [];
    while (!done) during.push(await latency(user, engineer));
    const answer = await upload;
    console.log(
      `Zip-bomb price list (${(bomb.length / MB).toFixed(1)} MB .xlsx): ${answer.status} in ${
        answer.ms.toFixed(0)
      } ms, «${answer.message}»`,
    );
    console.log(`  GET /api/user before: ${summary(quiet)}`);
    console.log(`  GET /api/user during: ${summary(during)}`);
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

if (import.meta.main) await run();
