import assert from "node:assert/strict";
import { renderToString } from "react-dom/server";
import { Island, IslandCollector, IslandContext } from "./island.tsx";

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
  assert.match(first, /data-props="\{&quot;n&quot;:1\}"/);
});
