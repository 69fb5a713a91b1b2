// Uploads in an S3-compatible bucket (Amazon S3, Yandex Object Storage, a self-hosted MinIO or Garage):
// what several machines serving one database share instead of DATA_DIR/uploads. Set by S3_BUCKET (and
// S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY; S3_FORCE_PATH_STYLE for a self-hosted
// server without bucket subdomains). An upload streams through @aws-sdk/lib-storage's multipart upload
// (parts of 5 MB, two in flight: at most 10 MB of an upload in memory) and becomes visible only when
// complete, so no temporary key is left behind by an interrupted upload; one past its limit is aborted with
// its parts.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { type ByteRange, limited, type Storage } from "./storage.ts";

const UPLOAD_PARTS_IN_FLIGHT = 2;

export interface S3Config {
  bucket: string;
  /** Omitted for Amazon S3 itself. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`: what self-hosted servers expect. */
  forcePathStyle?: boolean;
}

const missing = (error: unknown) =>
  error instanceof NoSuchKey || error instanceof NotFound ||
  (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

/** The storage of uploads in the bucket of `config`, each file at its key. */
export function s3Storage(config: S3Config): Storage & { close(): void } {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: config.accessKeyId && config.secretAccessKey
      ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
      : undefined,
  });
  const Bucket = config.bucket;

  const get = async (key: string, range?: string) => {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: range }));
      return answer.Body!.transformToWebStream() as ReadableStream<Uint8Array>;
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  };

  return {
    async write(key, body, { maxBytes }) {
      const counted = { bytes: 0 };
      const upload = new Upload({
        client,
        queueSize: UPLOAD_PARTS_IN_FLIGHT,
        params: { Bucket, Key: key, Body: limited(body, maxBytes, counted) },
      });
      await upload.done();
      return counted.bytes;
    },
    async stat(key) {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: answer.ContentLength ?? 0, modifiedAt: answer.LastModified ?? new Date(0) };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    read(key, range?: ByteRange) {
      return get(key, range && `bytes=${range.start}-${range.end}`);
    },
    async head(key, bytes) {
      const found = await this.stat(key);
      if (!found || found.size === 0) return new Uint8Array();
      const stream = await get(key, `bytes=0-${Math.min(bytes, found.size) - 1}`);
      return stream ? new Uint8Array(await new Response(stream).arrayBuffer()) : new Uint8Array();
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list(prefix) {
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: prefix })) {
        for (const item of page.Contents ?? []) {
          yield { key: item.Key!, modifiedAt: item.LastModified ?? new Date(0), temporary: false };
        }
      }
    },
    close: () => client.destroy(),
  };
}
