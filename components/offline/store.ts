// The device's keeping of the queue: IndexedDB, one database per account, so another account
// signed in on the same phone opens its own and sees nothing of the first. Photos are kept as Blobs in their
// entries, so they survive reloads and a closed browser until the server has them.
import type { QueueEntry } from "./queue.ts";

const VERSION = 1;
/** Entries waiting to be sent, and entries the server refused for good (kept for the surveyor, never lost). */
type StoreName = "queue" | "set_aside";

const opened = new Map<string, Promise<IDBDatabase>>();

function open(account: string): Promise<IDBDatabase> {
  let db = opened.get(account);
  if (!db) {
    db = new Promise((resolve, reject) => {
      const request = indexedDB.open(`polesmeta-${account}`, VERSION);
      request.onupgradeneeded = () => {
        for (const name of ["queue", "set_aside"]) {
          if (!request.result.objectStoreNames.contains(name)) {
            request.result.createObjectStore(name, { keyPath: "id" });
          }
        }
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    opened.set(account, db);
  }
  return db;
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

/** Every entry of the store. */
export async function readAll(account: string, store: StoreName): Promise<QueueEntry[]> {
  const db = await open(account);
  return await new Promise((resolve, reject) => {
    const request = db.transaction(store).objectStore(store).getAll();
    request.onsuccess = () => resolve(request.result as QueueEntry[]);
    request.onerror = () => reject(request.error);
  });
}

/** Replaces the store's entries with `entries`, in one transaction. */
export async function writeAll(account: string, store: StoreName, entries: QueueEntry[]): Promise<void> {
  const db = await open(account);
  const tx = db.transaction(store, "readwrite");
  const objects = tx.objectStore(store);
  objects.clear();
  for (const entry of entries) objects.put(entry);
  await done(tx);
}

/** Adds entries to the store (a refused one set aside). */
export async function add(account: string, store: StoreName, entries: QueueEntry[]): Promise<void> {
  const db = await open(account);
  const tx = db.transaction(store, "readwrite");
  for (const entry of entries) tx.objectStore(store).put(entry);
  await done(tx);
}
