import assert from "node:assert/strict";
import { renderToString } from "react-dom/server";
import { Island, IslandCollector, IslandContext } from "./island.tsx";
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
