// At start, files that no row will ever name are removed: the `.part` files of writes a
// crash interrupted, and files of documents and videos whose row was never written (a crash between the
// last byte and the insert). Only files older than ORPHAN_MIN_AGE_MS are touched, so an upload another app
// server is finishing right now keeps its file; a file a row names is never removed.
import type { Db } from "../db/client.ts";
import { keysWithRows } from "../db/documents.ts";
import type { Storage } from "./storage.ts";

export const ORPHAN_MIN_AGE_MS = 10 * 60_000;
/** The folders whose every file has a documents or videos row (images are named by URLs and not swept). */
const ROW_FOLDERS = ["documents", "videos"];

/** Removes leftover temporary files everywhere and row-less files of documents and videos; counts both. */
export async function sweepUploads(
  db: Db,
  storage: Storage,
  now: Date,
): Promise<{ temporary: number; orphans: number }> {
  const before = now.getTime() - ORPHAN_MIN_AGE_MS;
  let temporary = 0;
  const candidates: string[] = [];
  for await (const f of storage.list("")) {
    if (f.modifiedAt.getTime() > before) continue;
    if (f.temporary) {
      await storage.delete(f.key);
      temporary++;
    } else if (ROW_FOLDERS.some((folder) => f.key.startsWith(`${folder}/`))) {
      candidates.push(f.key);
    }
  }
  const kept = await keysWithRows(db, candidates);
  const orphans = candidates.filter((key) => !kept.has(key));
  for (const key of orphans) await storage.delete(key);
  return { temporary, orphans: orphans.length };
}
