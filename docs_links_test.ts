// Every relative link of README.md and docs/*.md points to a file of the repository, and every `#anchor`
// to a heading of that file (GitHub's anchors: lower case, punctuation dropped, spaces as hyphens).
import assert from "node:assert/strict";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL(".", import.meta.url));
const documents = [
  join(root, "README.md"),
  ...[...Deno.readDirSync(join(root, "docs"))].filter((e) => e.name.endsWith(".md")).map((e) =>
    join(root, "docs", e.name)
  ),
];

/** GitHub's anchor of a heading: `## Work types: wells (`x/`)` → `work-types-wells-x`. */
function anchorOf(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
}

function anchorsIn(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const line of markdown.split("\n")) {
    const m = /^#{1,6}\s+(.*)$/.exec(line);
    if (m) anchors.add(anchorOf(m[1]));
  }
  return anchors;
}

/** The targets of `[text](target)` links that are neither absolute URLs nor e-mail addresses. */
function relativeLinks(markdown: string): string[] {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((t) =>
    !/^[a-z][a-z0-9+.-]*:/i.test(t)
  );
}

Deno.test("every relative link in README.md and docs/*.md points to an existing file and heading", () => {
  const broken: string[] = [];
  for (const doc of documents) {
    const text = Deno.readTextFileSync(doc);
    for (const link of relativeLinks(text)) {
      const [path, anchor] = link.split("#");
      const target = path === "" ? doc : join(dirname(doc), decodeURI(path));
      let targetText: string | null = null;
      try {
        targetText = Deno.statSync(target).isFile ? Deno.readTextFileSync(target) : "";
      } catch {
        broken.push(`${relative(root, doc)}: ${link} (no such file)`);
        continue;
      }
      if (anchor && target.endsWith(".md") && !anchorsIn(targetText).has(anchor)) {
        broken.push(`${relative(root, doc)}: ${link} (no such heading)`);
      }
    }
  }
  assert.deepEqual(broken, []);
});

Deno.test("the documentation names no document outside the repository", () => {
  const outside = /\bspec\/\d|DESIGN\.md|UI\.md|\.\.\/shared/;
  for (const doc of documents) {
    const found = Deno.readTextFileSync(doc).split("\n").filter((line) => outside.test(line));
    assert.deepEqual(found, [], relative(root, doc));
  }
});
