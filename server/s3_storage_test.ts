// The S3 storage against an S3-protocol server started in the test (s3rver: the S3 REST API over a folder):
// the storage's own round trip, and the app with S3_BUCKET uploading a video and playing it by byte range.
import assert from "node:assert/strict";
import S3rver from "s3rver";
import { s3Storage } from "./s3_storage.ts";
import { TooLargeError } from "./storage.ts";
import { expectJson, fileForm, tinyMp4, withTestApp } from "./testing.ts";

const BUCKET = "polesmeta-uploads";

async function withS3Server(test: (endpoint: string) => Promise<void>) {
  const dir = await Deno.makeTempDir({ prefix: "polesmeta-s3-" });
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  try {
    await test(`http://127.0.0.1:${port}`);
  } finally {
    await server.close();
    await Deno.remove(dir, { recursive: true });
  }
}

const s3Env = (endpoint: string) => ({
  S3_BUCKET: BUCKET,
  S3_ENDPOINT: endpoint,
  S3_ACCESS_KEY_ID: "S3RVER",
  S3_SECRET_ACCESS_KEY: "S3RVER",
  S3_FORCE_PATH_STYLE: "true",
});

const streamOf = (bytes: Uint8Array, chunk = 1000) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += chunk) controller.enqueue(bytes.slice(i, i + chunk));
      controller.close();
    },
  });

const bytesOf = async (stream: ReadableStream<Uint8Array> | null) =>
  new Uint8Array(await new Response(stream).arrayBuffer());

Deno.test({
  name: "s3Storage() writes, stats, reads by range, lists and deletes; a write past its limit leaves nothing",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: () =>
    withS3Server(async (endpoint) => {
      const storage = s3Storage({
        bucket: BUCKET,
        endpoint,
        region: "us-east-1",
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        forcePathStyle: true,
      });
      try {
        const bytes = tinyMp4(20_000);
        assert.equal(await storage.write("videos/1/a.mp4", streamOf(bytes), { maxBytes: 50_000 }), 20_000);
        assert.equal((await storage.stat("videos/1/a.mp4"))?.size, 20_000);
        assert.deepEqual(await bytesOf(await storage.read("videos/1/a.mp4")), bytes);
        assert.deepEqual(
          await bytesOf(await storage.read("videos/1/a.mp4", { start: 100, end: 199 })),
          bytes.subarray(100, 200),
        );
        assert.deepEqual(await storage.head("videos/1/a.mp4", 12), bytes.subarray(0, 12));
        const listed = [];
        for await (const f of storage.list("videos/")) listed.push(f.key);
        assert.deepEqual(listed, ["videos/1/a.mp4"]);

        await assert.rejects(
          storage.write("videos/1/big.mp4", streamOf(bytes), { maxBytes: 5000 }),
          TooLargeError,
        );
        assert.equal(await storage.stat("videos/1/big.mp4"), null);

        await storage.delete("videos/1/a.mp4");
        assert.equal(await storage.stat("videos/1/a.mp4"), null);
        assert.equal(await storage.read("videos/1/a.mp4"), null);
      } finally {
        storage.close();
      }
    }),
});

Deno.test({
  name: "[api] with S3_BUCKET a video uploads into the bucket and plays by byte range (206)",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: () =>
    withS3Server((endpoint) =>
      withTestApp({ env: s3Env(endpoint) }, async (t) => {
        const [object] = await (await t.request("/api/objects", { as: "surveyor@demo.local" })).json();
        const mp4 = tinyMp4(10_000);
        const video = await expectJson(
          t.request(`/api/objects/${object.id}/videos`, {
            as: "surveyor@demo.local",
            method: "POST",
            body: fileForm("video", mp4, "Осмотр участка.mp4"),
          }),
          201,
        );
        const inBucket = [];
        for await (const f of t.deps.storage.list("")) inBucket.push(f.key);
        assert.equal(inBucket.length, 1, "the video is in the bucket");
        const ranged = await t.request(video.fileUrl, {
          as: "engineer@demo.local",
          headers: { Range: "bytes=100-199" },
        });
        assert.equal(ranged.status, 206);
        assert.equal(ranged.headers.get("Content-Range"), "bytes 100-199/10000");
        assert.deepEqual(new Uint8Array(await ranged.arrayBuffer()), mp4.subarray(100, 200));
        const whole = await t.request(video.fileUrl, { as: "engineer@demo.local" });
        assert.deepEqual(new Uint8Array(await whole.arrayBuffer()), mp4);
      })
    ),
});
