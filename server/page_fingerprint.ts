// What a page is rendered from, as one string: two renders from equal element trees give the same HTML, so
// a page made afresh whose tree equals that of its cached copy is that copy (server/page_cache.ts) and is not
// rendered again. Written by hand: hashing libraries see a React element as a plain object, and a component
// (a function) or a Date as nothing, which would make different trees look alike.
import { isValidElement } from "react";
import { CachedHtml } from "./island.tsx";
import { flattened } from "./flat_string.ts";

const functionIds = new WeakMap<object, number>();
let lastFunctionId = 0;

/** A page's step of time: the page cache reads a page afresh each minute (server/page_cache.ts). */
export const PAGE_MINUTE = 60_000;

/** A deeper tree than a page's is taken for a cycle. */
const MAX_DEPTH = 200;

/** Thrown where the tree holds something whose content cannot be read here. */
class Unreadable extends Error {}

const unreadable = (): never => {
  throw new Unreadable();
};

/**
 * The fingerprint of `value` (an element tree and what its components are given), or null when it holds
 * something whose content cannot be read here (a Map, a class instance): such a page is always rendered.
 * A function stands for itself (a component of a module is the same from request to request; a closure
 * made per request never equals another, so its page is rendered). `now` is the request's instant: a Date
 * of that instant is written as the instant's minute, so that two trees of the same minute (part of the
 * page cache's stamp) made from the same rows are equal, and two of different minutes are not.
 */
export function fingerprint(value: unknown, now: number): string | null {
  try {
    // Made flat (server/flat_string.ts): built piece by piece, the string is a tree of thousands of pieces, and
    // a page cached with it carried them all through each garbage collection (flat, the mix's young-space
    // collections took 615–678 ms against 793–943 ms in loads of the same length: bench mix, --trace-gc).
    return flattened(walk(value, now, 0));
  } catch (error) {
    if (error instanceof Unreadable) return null;
    throw error;
  }
}

// Strings and keys are written with their length before them, so no text can pass for structure.
function walk(value: unknown, now: number, depth: number): string {
  if (depth > MAX_DEPTH) unreadable();
  switch (typeof value) {
    case "string":
      return "s" + value.length + ":" + value;
    case "number":
      return "n" + value + ";";
    case "bigint":
      return "b" + value + ";";
    case "boolean":
      return value ? "T" : "F";
    case "undefined":
      return "U";
    case "symbol": {
      // React's own (a fragment's type) are registered; any other cannot be told from another.
      const registered = Symbol.keyFor(value) ?? unreadable();
      return "S" + registered.length + ":" + registered;
    }
    case "function": {
      let id = functionIds.get(value);
      if (id === undefined) functionIds.set(value, id = ++lastFunctionId);
      return "f" + id + ";";
    }
  }
  if (value === null) return "0";
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) out += walk(value[i], now, depth + 1);
    return out + "]";
  }
  if (value instanceof Date) {
    const time = value.getTime();
    return time === now ? "N" + Math.floor(now / PAGE_MINUTE) + ";" : "d" + time + ";";
  }
  if (isValidElement(value)) {
    const { type, key, props } = value as {
      type: unknown;
      key: string | null;
      props: Record<string, unknown>;
    };
    // A cached fragment's HTML is a function of its data alone (its render function is made per request).
    const skipped = type === CachedHtml ? "render" : undefined;
    let out = "<" + walk(type, now, depth + 1) + walk(key, now, depth + 1) + "{";
    for (const name in props) {
      if (name !== skipped) out += name.length + ":" + name + walk(props[name], now, depth + 1);
    }
    return out + "}>";
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) unreadable();
  const object = value as Record<string, unknown>;
  let out = "{";
  for (const name in object) out += name.length + ":" + name + walk(object[name], now, depth + 1);
  return out + "}";
}
