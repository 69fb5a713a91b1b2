// What a page is rendered from (server/page_fingerprint.ts): equal trees built twice are equal; a component,
// a Date, a closure or a string's bounds that differ make them differ; what cannot be read gives null.
import assert from "node:assert/strict";
import { fingerprint } from "./page_fingerprint.ts";
import { CachedHtml } from "./island.tsx";

const NOW = Date.parse("2026-11-27T09:00:00Z");

function Card({ title }: { title: string }) {
  return <h3>{title}</h3>;
}

function OtherCard({ title }: { title: string }) {
  return <h2>{title}</h2>;
}

const rows = () => [{ id: 1, title: "Замер", due: new Date("2026-12-01T00:00:00Z") }];

const page = (now: number, card = Card) => (
  <main>
    {rows().map((row) => (
      <article key={row.id} data-due={row.due.getTime()}>
        {card({ title: row.title })}
        {[card].map((C) => <C key="c" title={row.title} />)}
      </article>
    ))}
    <time dateTime={new Date(now).toISOString()} data-at={new Date(now) as unknown as string} />
  </main>
);

Deno.test("fingerprint: the same rows built into a tree twice give one fingerprint; another component does not", () => {
  const first = fingerprint(page(NOW), NOW);
  assert.ok(first);
  assert.equal(fingerprint(page(NOW), NOW), first);
  assert.notEqual(fingerprint(page(NOW, OtherCard), NOW), first);
});

Deno.test("fingerprint: a Date of the request's instant is the instant's minute; any other Date is its time", () => {
  const later = NOW + 20_000;
  // Only the instant's Date differs: the ISO text differs too, so compare a tree holding the Date alone.
  assert.equal(fingerprint({ today: new Date(NOW) }, NOW), fingerprint({ today: new Date(later) }, later));
  const nextMinute = NOW + 60_000;
  assert.notEqual(
    fingerprint({ today: new Date(NOW) }, NOW),
    fingerprint({ today: new Date(nextMinute) }, nextMinute),
    "the instant of another minute is another instant",
  );
  assert.notEqual(fingerprint({ due: new Date(NOW) }, later), fingerprint({ due: new Date(later) }, later));
  assert.notEqual(fingerprint({ due: new Date(NOW) }, NOW), fingerprint({ due: null }, NOW));
});

Deno.test("fingerprint: a closure made per request never equals another; a module's function does", () => {
  const make = (base: string) => ({ href: (n: number) => `${base}?page=${n}` });
  assert.notEqual(fingerprint(make("/tasks"), NOW), fingerprint(make("/tasks"), NOW));
  assert.equal(fingerprint({ component: Card }, NOW), fingerprint({ component: Card }, NOW));
});

Deno.test("fingerprint: strings, numbers and keys cannot pass for one another or for structure", () => {
  const print = (value: unknown) => fingerprint(value, NOW);
  assert.notEqual(print(["ab", "c"]), print(["a", "bc"]));
  assert.notEqual(print({ a: "1" }), print({ a: 1 }));
  assert.notEqual(print({ "a:s1": "" }), print({ a: "1" }));
  assert.notEqual(print([undefined]), print([null]));
  assert.notEqual(
    print({ a: 1, b: 2 }),
    print({ b: 2, a: 1 }),
    "another order is another tree (a miss, never a wrong page)",
  );
});

Deno.test("fingerprint: what cannot be read gives null (the page is rendered)", () => {
  assert.equal(fingerprint({ rows: new Map([[1, "a"]]) }, NOW), null);
  assert.equal(fingerprint({ at: new (class Point {})() }, NOW), null);
  assert.equal(fingerprint({ tag: Symbol("local") }, NOW), null);
  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;
  assert.equal(fingerprint(cycle, NOW), null);
});

Deno.test("fingerprint: a cached fragment is its data, not its render function", () => {
  const fragment = (title: string) => (
    <CachedHtml name="Card" data={{ title }} render={() => <Card title={title} />} />
  );
  assert.equal(fingerprint(fragment("Замер"), NOW), fingerprint(fragment("Замер"), NOW));
  assert.notEqual(fingerprint(fragment("Замер"), NOW), fingerprint(fragment("Монтаж"), NOW));
});
