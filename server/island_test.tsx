import assert from "node:assert/strict";
import { renderToString } from "react-dom/server";
import { CachedHtml, Island, IslandCollector, IslandContext } from "./island.tsx";
import { islandProps } from "./testing.ts";

let renders = 0;
function Counter({ n }: { n: number }) {
  renders++;
  return <b>{n}</b>;
}

const page = (n: number, cached: boolean) =>
  renderToString(
    <IslandContext.Provider value={new IslandCollector()}>
      <Island component={Counter} props={{ n }} cached={cached} />
    </IslandContext.Provider>,
  );

Deno.test("a cached island renders once per props and position; others on every page", () => {
  renders = 0;
  const first = page(1, true);
  assert.equal(page(1, true), first);
  assert.equal(renders, 1);
  assert.match(page(2, true), /<b>2<\/b>/);
  assert.equal(renders, 2);
  page(3, false);
  page(3, false);
  assert.equal(renders, 4);
  assert.match(first, /<script type="application\/json" id="Counter0-props">\{"n":1\}<\/script>/);
});

function Echo({ text }: { text: string }) {
  return <i>{text.length}</i>;
}

Deno.test("an island's props follow its root as JSON that no text of theirs can end or turn into markup", () => {
  const text = `</script><script>alert(1)</script><!-- "кавычки" & 'апострофы' -->`;
  const html = renderToString(
    <IslandContext.Provider value={new IslandCollector()}>
      <p>
        <Island component={Echo} props={{ text }} as="span" />
      </p>
    </IslandContext.Provider>,
  );
  assert.equal(html.split("</script>").length, 2, "one script, ended once");
  assert.match(html, /^<p><span data-island="Echo" data-prefix="Echo0-"><i>\d+<\/i><\/span><script /);
  assert.deepEqual(islandProps(html, "Echo"), { text });
});

let cardRenders = 0;
function Card({ title }: { title: string }) {
  cardRenders++;
  return <Island component={Echo} props={{ text: title }} as="span" />;
}

/** A list page: an island first, then a card per title, each holding an island. */
const list = (titles: string[]) => {
  const collector = new IslandCollector();
  const html = renderToString(
    <IslandContext.Provider value={collector}>
      <Island component={Counter} props={{ n: titles.length }} />
      {titles.map((title, i) => (
        <CachedHtml key={i} name="Card" data={{ title }} render={() => <Card title={title} />} />
      ))}
    </IslandContext.Provider>,
  );
  return { html, used: [...collector.used].sort() };
};

const prefixes = (html: string) => [...html.matchAll(/data-prefix="([^"]+)"/g)].map((m) => m[1]);

Deno.test("a cached card is rendered once wherever it stands; the same card twice on a page gets prefixes of its own", () => {
  const first = list(["Колодец", "Септик"]);
  const rendered = cardRenders;
  assert.deepEqual(first.used, ["Counter", "Echo"]);
  // A new card above them moves both: only the new one is rendered, and each keeps its HTML.
  const moved = list(["Скважина", "Колодец", "Септик"]);
  assert.equal(cardRenders, rendered + 1);
  assert.deepEqual(moved.used, ["Counter", "Echo"]);
  assert.deepEqual(prefixes(moved.html).slice(2), prefixes(first.html).slice(1));
  for (const html of [first.html, moved.html]) {
    const all = prefixes(html);
    assert.equal(new Set(all).size, all.length, "prefixes unique on the page");
  }
  // Twice on one page: the second is rendered again, its island with a prefix of its own.
  const twice = list(["Колодец", "Колодец"]);
  assert.equal(cardRenders, rendered + 2);
  const all = prefixes(twice.html);
  assert.equal(new Set(all).size, 3);
  assert.deepEqual(islandProps(twice.html, "Echo"), { text: "Колодец" });
});
