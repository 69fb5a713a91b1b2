// The CLI never damages its input: every command here runs against a folder of inputs whose files are hashed
// before and after, and must come out byte-identical. Bad paths are usage errors (exit 2, one line, no stack
// trace); special files are skipped without being opened (exit 1); bad contents are one line each.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { main } from "./main.ts";
import { type CliRun, examples, root, runCli, spawnCli } from "./testing.ts";

const asRoot = Deno.uid() === 0;

/** sha-256 of every regular file under `dir` (symlinks not followed, special files left out). */
async function hashTree(dir: string, into = new Map<string, string>()): Promise<Map<string, string>> {
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) await hashTree(path, into);
    else if (entry.isFile) {
      const hash = createHash("sha256");
      for await (const chunk of (await Deno.open(path)).readable) hash.update(chunk);
      into.set(path, hash.digest("hex"));
    }
  }
  return into;
}

type Result = CliRun;

/**
 * Runs the CLI in-process and checks that every file that existed under `fixture` before the run is still
 * there, byte-identical (new output files may appear). Errors must never carry a stack trace.
 */
async function runChecked(fixture: string, ...args: string[]): Promise<Result> {
  const before = await hashTree(fixture);
  const run = await runCli(...args);
  const after = await hashTree(fixture);
  for (const [path, hash] of before) {
    assert.equal(after.get(path), hash, `${path} changed by: ${args.join(" ")}`);
  }
  for (const line of run.err) {
    assert.ok(!/\n|^\s+at /.test(line), `one line, no stack trace: ${line}`);
  }
  return run;
}

/**
 * Runs the real CLI as a subprocess (with a deadline: a hang fails the test instead of blocking it). A minute,
 * not less: on the shared 2-core machine at a load of 20 a run that reads a folder of estimates took over 20 s
 * and was killed (exit 143) though it did not hang; a FIFO that is opened blocks forever, past any deadline.
 */
async function cliChecked(fixture: string, cwd: string, ...args: string[]) {
  const before = await hashTree(fixture);
  const run = await spawnCli(args, {
    cwd,
    // The CLI moves to INIT_CWD (the caller's folder under `deno task` and npx), which the test run
    // itself may have set to the project's root: the subprocess's caller is `cwd`.
    env: { INIT_CWD: cwd },
    signal: AbortSignal.timeout(60_000),
  });
  const after = await hashTree(fixture);
  for (const [path, hash] of before) {
    assert.equal(after.get(path), hash, `${path} changed by: ${args.join(" ")}`);
  }
  return run;
}

const usageLine = (r: Result) => {
  assert.equal(r.code, 2, r.err.join("\n"));
  assert.equal(r.err.length, 1, r.err.join("\n"));
  assert.match(r.err[0], /^ошибка: /);
  assert.match(r.err[0], /[а-я]/);
};

/** A fixture: measurement files (one nested), a price list in three formats, requisites. */
async function makeFixture(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "cli-safety-" });
  await Deno.mkdir(`${dir}/d/nested`, { recursive: true });
  for (const entry of Deno.readDirSync(examples)) {
    await Deno.copyFile(`${examples}/${entry.name}`, `${dir}/d/${entry.name}`);
  }
  await Deno.copyFile(`${examples}/topas5-basic.json`, `${dir}/d/nested/deep.json`);
  await Deno.writeTextFile(
    `${dir}/prices.csv`,
    "Артикул;Наименование;Ед. изм.;Раздел;Материалы;Работы\nА086;Котлован вручную;м³;Земляные работы;0;2 000\n",
  );
  await Deno.copyFile(`${root}examples/company/requisites.json`, `${dir}/requisites.json`);
  for (const file of ["list.json", "list.xlsx"]) {
    assert.equal(await main(["price-list", "export", "--out", `${dir}/${file}`], { out() {}, err() {} }), 0);
  }
  return dir;
}

async function withFixture(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await makeFixture();
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const jsonFiles = (dir: string) =>
  [...Deno.readDirSync(dir)].filter((e) => e.isFile && e.name.endsWith(".json")).map((e) =>
    `${dir}/${e.name}`
  )
    .sort();

Deno.test("[cli safety] estimate generate d/*.json --out d --format json refuses (exit 2) and leaves every input intact", async () => {
  await withFixture(async (dir) => {
    const r = await runChecked(
      dir,
      "estimate",
      "generate",
      ...jsonFiles(`${dir}/d`),
      "--out",
      `${dir}/d`,
      "--format",
      "json",
    );
    usageLine(r);
    assert.match(r.err[0], /записалась бы поверх входного файла/);
    // As an operator types it, through the real binary with relative paths.
    const sub = await cliChecked(
      dir,
      dir,
      "estimate",
      "generate",
      ...jsonFiles(`${dir}/d`).map((f) => f.slice(dir.length + 1)),
      "--out",
      "d",
      "--format",
      "json",
    );
    assert.equal(sub.code, 2, sub.stderr);
    assert.equal(sub.stderr.trim().split("\n").length, 1, sub.stderr);
    assert.doesNotMatch(sub.stderr, /\s+at /);
  });
});

Deno.test("[cli safety] an output that would land on an input by any path is refused before anything is written", async () => {
  await withFixture(async (dir) => {
    await Deno.mkdir(`${dir}/links`);
    await Deno.symlink(`${dir}/d/topas5-basic.json`, `${dir}/links/topas5-basic.json`);
    await Deno.mkdir(`${dir}/hard`);
    await Deno.link(`${dir}/d/eurobion-ultra.json`, `${dir}/hard/eurobion-ultra.json`);
    await Deno.symlink(`${dir}/d`, `${dir}/d-link`);
    for (const file of ["p/x.json", "p2/x.json", "q/x-2.json"]) {
      await Deno.mkdir(`${dir}/${file.split("/")[0]}`, { recursive: true });
      await Deno.copyFile(`${examples}/topas5-basic.json`, `${dir}/${file}`);
    }
    await Deno.mkdir(`${dir}/o`);
    await Deno.copyFile(`${dir}/list.xlsx`, `${dir}/o/topas5-basic.xlsx`);
    await Deno.copyFile(`${dir}/requisites.json`, `${dir}/o/eurobion-ultra.json`);

    const refused: string[][] = [
      // folders are read recursively: d/nested/deep.json would be overwritten
      ["estimate", "generate", `${dir}/d`, "--out", `${dir}/d`, "--format", "json"],
      ["estimate", "generate", `${dir}/d`, "--out", `${dir}/d/nested`, "--format", "json"],
      ["estimate", "generate", `${dir}/d/nested`, "--out", `${dir}/d/nested/../nested/.`, "--format", "json"],
      // the output folder through a symlink; an output that is a symlink or a hard link to an input
      ["estimate", "generate", `${dir}/d`, "--out", `${dir}/d-link`, "--format", "json"],
      ["estimate", "generate", `${dir}/d-link/topas5-basic.json`, "--out", `${dir}/d`, "--format", "json"],
      ["estimate", "generate", `${dir}/d/topas5-basic.json`, "--out", `${dir}/links`, "--format", "json"],
      ["estimate", "generate", `${dir}/d/eurobion-ultra.json`, "--out", `${dir}/hard`, "--format", "json"],
      // the output of one input is another input (also after the -2 suffix for a repeated name)
      [
        "estimate",
        "generate",
        `${dir}/p2/x.json`,
        `${dir}/p/x.json`,
        "--out",
        `${dir}/p`,
        "--format",
        "json",
      ],
      ["estimate", "generate", `${dir}/p`, `${dir}/p2`, `${dir}/q`, "--out", `${dir}/q`, "--format", "json"],
      // the price list or the requisites as an output
      [
        "estimate",
        "generate",
        `${dir}/d/topas5-basic.json`,
        "--price-list",
        `${dir}/o/topas5-basic.xlsx`,
        "--out",
        `${dir}/o`,
      ],
      [
        "estimate",
        "generate",
        `${dir}/d/eurobion-ultra.json`,
        "--requisites",
        `${dir}/o/eurobion-ultra.json`,
        "--out",
        `${dir}/o`,
        "--format",
        "json",
      ],
    ];
    for (const args of refused) {
      const r = await runChecked(dir, ...args);
      usageLine(r);
      assert.match(r.err[0], /входного файла|входной файл/, args.join(" "));
    }
    // Nothing was written by the refused runs.
    assert.deepEqual([...Deno.readDirSync(`${dir}/p`)].map((e) => e.name), ["x.json"]);

    // The same inputs into folders where nothing collides go through.
    const fine: string[][] = [
      ["estimate", "generate", `${dir}/d`, "--out", `${dir}/d`, "--format", "xlsx", "--date", "2026-06-01"],
      [
        "estimate",
        "generate",
        `${dir}/d`,
        `${dir}/d-link`,
        `${dir}/links`,
        "--out",
        `${dir}/fresh`,
        "--format",
        "json",
      ],
    ];
    for (const args of fine) {
      const r = await runChecked(dir, ...args);
      assert.equal(r.code, 0, r.err.join("\n"));
    }
    // d, d-link and links reach the same files: each is generated once.
    assert.equal([...Deno.readDirSync(`${dir}/fresh`)].length, 6);

    // A file that is both a document and the requisites is still generated, and still never overwritten.
    const both = JSON.parse(await Deno.readTextFile(`${examples}/topas5-basic.json`));
    await Deno.mkdir(`${dir}/both`);
    await Deno.writeTextFile(`${dir}/both/both.json`, JSON.stringify({ ...both, name: "ООО «Тест»" }));
    const twice = ["estimate", "generate", `${dir}/both`, "--requisites", `${dir}/both/both.json`];
    const xlsx = await runChecked(dir, ...twice, "--out", `${dir}/both-out`);
    assert.equal(xlsx.code, 0, xlsx.err.join("\n"));
    assert.ok((await Deno.stat(`${dir}/both-out/both.xlsx`)).isFile);
    usageLine(await runChecked(dir, ...twice, "--out", `${dir}/both`, "--format", "json"));
  });
});

Deno.test("[cli safety] every combination of inputs, output folder, format and option files leaves the inputs intact", async () => {
  await withFixture(async (dir) => {
    await Deno.symlink(`${dir}/d`, `${dir}/d-link`);
    const inputs: Record<string, { args: string[]; nested: boolean }> = {
      "files": { args: jsonFiles(`${dir}/d`), nested: false },
      "folder": { args: [`${dir}/d`], nested: true },
      "symlinked folder": { args: [`${dir}/d-link`], nested: true },
      "file through a symlinked folder and again directly": {
        args: [`${dir}/d-link/topas5-basic.json`, `${dir}/d/topas5-basic.json`],
        nested: false,
      },
    };
    const options: string[][] = [
      [],
      ["--price-list", `${dir}/list.xlsx`, "--requisites", `${dir}/requisites.json`],
      ["--price-list", `${dir}/prices.csv`, "--vat", "22"],
    ];
    const original = await hashTree(dir);
    let runs = 0;
    for (const [inputName, input] of Object.entries(inputs)) {
      for (const out of ["d", "d-link", "d/nested", "fresh"]) {
        for (const format of ["json", "xlsx"]) {
          for (const extra of options) {
            const outDir = out === "fresh" ? `${dir}/fresh-${runs}` : `${dir}/${out}`;
            const r = await runChecked(
              dir,
              "estimate",
              "generate",
              ...input.args,
              "--out",
              outDir,
              "--format",
              format,
              "--date",
              "2026-06-01",
              "--quiet",
              ...extra,
            );
            // JSON estimates land on the inputs when written into the inputs' own folder.
            const clash = format === "json" &&
              (out === "d" || out === "d-link" || (out === "d/nested" && input.nested));
            const what = `${inputName} → ${out} (${format}) ${extra.join(" ")}`;
            assert.equal(r.code, clash ? 2 : 0, `${what}: ${r.err.join("\n")}`);
            // Outputs written next to the inputs go, so that the next run neither reads nor rewrites them.
            for (const folder of [`${dir}/d`, `${dir}/d/nested`]) {
              for (const e of Deno.readDirSync(folder)) {
                if (e.isFile && !original.has(`${folder}/${e.name}`)) {
                  await Deno.remove(`${folder}/${e.name}`);
                }
              }
            }
            runs++;
          }
        }
      }
    }
    assert.equal(runs, 96);
    assert.deepEqual(
      await hashTree(`${dir}/d`),
      new Map([...original].filter(([p]) => p.startsWith(`${dir}/d/`))),
    );
  });
});

Deno.test("[cli safety] price-list import and export never write over their input", async () => {
  await withFixture(async (dir) => {
    await Deno.symlink(`${dir}/prices.csv`, `${dir}/prices-link.csv`);
    await Deno.link(`${dir}/list.json`, `${dir}/list-hard.json`);
    const refused: string[][] = [
      ["price-list", "import", `${dir}/prices.csv`, "--out", `${dir}/prices.csv`],
      ["price-list", "import", `${dir}/prices.csv`, "--out", `${dir}/./prices-link.csv`],
      ["price-list", "import", `${dir}/list.json`, "--out", `${dir}/list-hard.json`],
      ["price-list", "import", `${dir}/list.json`, "--company", "1", "--db", `file:${dir}/list.json`],
      ["price-list", "export", "--price-list", `${dir}/list.json`, "--out", `${dir}/list.json`],
      [
        "price-list",
        "export",
        "--price-list",
        `${dir}/list.xlsx`,
        "--out",
        `${dir}/../${dir.split("/").pop()}/list.xlsx`,
      ],
      ["price-list", "export", "--price-list", `${dir}/prices.csv`, "--out", `${dir}/prices-link.csv`],
      [
        "price-list",
        "export",
        "--company",
        "1",
        "--db",
        `file:${dir}/list.json`,
        "--out",
        `${dir}/list.json`,
      ],
    ];
    for (const args of refused) {
      const r = await runChecked(dir, ...args);
      usageLine(r);
      assert.match(r.err[0], /входной файл/, args.join(" "));
    }
    // The default --out (price-list.json in the working folder) when the input is that file.
    await Deno.copyFile(`${dir}/list.json`, `${dir}/price-list.json`);
    const sub = await cliChecked(dir, dir, "price-list", "import", "price-list.json");
    assert.equal(sub.code, 2, sub.stderr);
    assert.match(sub.stderr, /^ошибка: --out: «price-list.json» — это входной файл/);

    // Into a separate file both work, and the input stays as it was.
    const imp = await runChecked(
      dir,
      "price-list",
      "import",
      `${dir}/prices.csv`,
      "--out",
      `${dir}/merged.json`,
    );
    assert.equal(imp.code, 0, imp.err.join("\n"));
    const exp = await runChecked(
      dir,
      "price-list",
      "export",
      "--price-list",
      `${dir}/merged.json`,
      "--out",
      `${dir}/m.csv`,
    );
    assert.equal(exp.code, 0, exp.err.join("\n"));
  });
});

Deno.test("[cli safety] bad paths are usage errors: exit 2, one Russian line, no stack trace, nothing written", async () => {
  await withFixture(async (dir) => {
    await Deno.writeTextFile(`${dir}/a-file`, "x");
    await Deno.mkdir(`${dir}/folder.json`);
    const cases: [string[], RegExp][] = [
      [
        ["estimate", "generate", `${dir}/d`, "--out", `${dir}/a-file`],
        /«.*a-file» — это файл, а ожидается папка/,
      ],
      [
        ["estimate", "generate", `${dir}/d`, "--out", `${dir}/d/topas5-basic.json`],
        /это файл, а ожидается папка/,
      ],
      [["estimate", "generate", `${dir}/d`, "--out", `${dir}/a-file/sub`], /--out/],
      [
        ["estimate", "generate", `${dir}/missing.json`, "--out", `${dir}/o1`],
        /missing.json»: файл не найден/,
      ],
      [["estimate", "generate", `${dir}/d`, `${dir}/missing-folder`, "--out", `${dir}/o2`], /файл не найден/],
      [
        ["estimate", "generate", `${dir}/d`, "--price-list", `${dir}/d`, "--out", `${dir}/o3`],
        /--price-list: .*это папка/,
      ],
      [
        ["estimate", "generate", `${dir}/d`, "--price-list", `${dir}/nope.csv`, "--out", `${dir}/o4`],
        /--price-list: .*не найден/,
      ],
      [
        ["estimate", "generate", `${dir}/d`, "--requisites", `${dir}/d`, "--out", `${dir}/o5`],
        /--requisites: .*это папка/,
      ],
      [
        ["estimate", "generate", `${dir}/d`, "--requisites", `${dir}/nope.json`, "--out", `${dir}/o6`],
        /--requisites/,
      ],
      [["price-list", "import", `${dir}/d`, "--out", `${dir}/x.json`], /это папка, а ожидается файл/],
      [["price-list", "import", `${dir}/nope.csv`, "--out", `${dir}/x.json`], /файл не найден/],
      [
        ["price-list", "import", `${dir}/prices.csv`, "--out", `${dir}/folder.json`],
        /это папка, а ожидается файл/,
      ],
      [
        ["price-list", "import", `${dir}/prices.csv`, "--out", `${dir}/no-such-folder/x.json`],
        /папки .* нет/,
      ],
      [["price-list", "export", "--out", `${dir}/folder.json`], /это папка, а ожидается файл/],
      [["price-list", "export", "--out", `${dir}/no-such-folder/x.csv`], /папки .* нет/],
      [
        ["price-list", "export", "--price-list", `${dir}/d`, "--out", `${dir}/x.csv`],
        /--price-list: .*это папка/,
      ],
      [["price-list", "export", "--price-list", `${dir}/nope.csv`, "--out", `${dir}/x.csv`], /не найден/],
    ];
    for (const [args, message] of cases) {
      const r = await runChecked(dir, ...args);
      usageLine(r);
      assert.match(r.err[0], message, args.join(" "));
    }
    for (const out of ["o1", "o2", "o3", "o4", "o5", "o6", "x.json", "x.csv"]) {
      assert.equal(await Deno.stat(`${dir}/${out}`).catch(() => null), null, out);
    }
  });
});

Deno.test({
  name: "[cli safety] an unreadable input is a usage error",
  ignore: asRoot, // root reads a file whatever its mode
  fn: () =>
    withFixture(async (dir) => {
      await Deno.chmod(`${dir}/prices.csv`, 0o000);
      await Deno.chmod(`${dir}/d/eurobion-ultra.json`, 0o000);
      usageLine(
        await runChecked(dir, "estimate", "generate", `${dir}/d/eurobion-ultra.json`, "--out", `${dir}/o`),
      );
      usageLine(await runChecked(dir, "price-list", "import", `${dir}/prices.csv`, "--out", `${dir}/x.json`));
      await Deno.chmod(`${dir}/prices.csv`, 0o644);
      await Deno.chmod(`${dir}/d/eurobion-ultra.json`, 0o644);
    }),
});

Deno.test("[cli safety] FIFOs, devices and sockets are skipped without being opened: one line each, exit 1, others processed", async () => {
  await withFixture(async (dir) => {
    const mkfifo = async (path: string) => {
      const r = await new Deno.Command("mkfifo", { args: [path] }).output();
      assert.ok(r.success, `mkfifo ${path}`);
    };
    await mkfifo(`${dir}/pipe.json`);
    await mkfifo(`${dir}/d/nested/pipe-inside.json`);
    await Deno.symlink("/dev/zero", `${dir}/d/nested/zero.json`);
    const listener = Deno.listen({ transport: "unix", path: `${dir}/d/nested/socket.json` });
    try {
      // Through the real binary with a deadline: a FIFO that is opened blocks forever.
      const r = await cliChecked(
        dir,
        dir,
        "estimate",
        "generate",
        "pipe.json",
        "/dev/null",
        "d",
        "--out",
        "out",
        "--format",
        "json",
      );
      assert.equal(r.signal, null, "the CLI hung");
      assert.equal(r.code, 1, r.stderr);
      const lines = r.stderr.trim().split("\n");
      assert.equal(lines.length, 5, r.stderr);
      assert.ok(lines.some((l) => /^pipe.json: это именованный канал \(FIFO\)/.test(l)), r.stderr);
      assert.ok(lines.some((l) => /^\/dev\/null: это устройство/.test(l)), r.stderr);
      assert.ok(lines.some((l) => /^d\/nested\/pipe-inside.json: это именованный канал/.test(l)), r.stderr);
      assert.ok(lines.some((l) => /^d\/nested\/zero.json: это устройство/.test(l)), r.stderr);
      assert.ok(lines.some((l) => /^d\/nested\/socket.json: это сокет/.test(l)), r.stderr);
      assert.match(r.stdout, /Итого: смет сформировано 6 из 11, с ошибками 5/);

      // A file that fails while being read (the process's own memory: EIO at offset 0).
      const eio = await cliChecked(
        dir,
        dir,
        "estimate",
        "generate",
        "/proc/self/mem",
        "d",
        "--out",
        "out-eio",
      );
      assert.equal(eio.code, 1, eio.stderr);
      assert.match(eio.stderr, /^\/proc\/self\/mem: ошибка файловой системы: /m);
      assert.match(eio.stdout, /Итого: смет сформировано 6 из 10, с ошибками 4/);

      const imp = await cliChecked(dir, dir, "price-list", "import", "pipe.json", "--out", "x.json");
      assert.equal(imp.signal, null, "the CLI hung");
      assert.equal(imp.code, 1, imp.stderr);
      assert.match(imp.stderr, /^pipe.json: это именованный канал \(FIFO\), а не обычный файл; пропущен\n$/);

      // An option's file or an output that is a special file: usage errors, never opened.
      for (
        const args of [
          ["estimate", "generate", "d", "--price-list", "pipe.json", "--out", "o"],
          ["estimate", "generate", "d", "--requisites", "/dev/zero", "--out", "o"],
          ["estimate", "generate", "d/nested/deep.json", "--out", "o", "--price-list", "/dev/stdin"],
          ["price-list", "export", "--price-list", "pipe.json", "--out", "x.csv"],
          ["price-list", "export", "--out", "pipe.json"],
          ["price-list", "import", "prices.csv", "--out", "pipe.json"],
          ["estimate", "generate", "d/topas5-basic.json", "--out", "d/nested", "--format", "json"],
        ]
      ) {
        await mkfifo(`${dir}/d/nested/topas5-basic.json`);
        const u = await cliChecked(dir, dir, ...args);
        await Deno.remove(`${dir}/d/nested/topas5-basic.json`);
        assert.equal(u.signal, null, `hung: ${args.join(" ")}`);
        assert.equal(u.code, 2, `${args.join(" ")}: ${u.stderr}`);
        assert.equal(u.stderr.trim().split("\n").length, 1, u.stderr);
        assert.match(u.stderr, /^ошибка: .*(канал|устройство|не обычный файл)/, u.stderr);
      }
    } finally {
      listener.close();
    }
  });
});

Deno.test("[cli safety] bad contents: one line each naming the file (and the field), exit 1, the others still processed", async () => {
  await withFixture(async (dir) => {
    const bad = `${dir}/bad`;
    await Deno.mkdir(bad);
    const doc = (measurements: string, object = '"address": "МО"') =>
      `{"object": {${object}}, "measurements": {"septic_model": "topas-5", ${measurements}}}`;
    const files: Record<string, string | Uint8Array> = {
      "a-empty.json": "",
      "b-spaces.json": " \n\t\n",
      "c-binary.json": crypto.getRandomValues(new Uint8Array(4096)),
      "d-deep-arrays.json": doc(`"residents_count": ${"[".repeat(900_000)}${"]".repeat(900_000)}`),
      "e-deep-objects.json": `${'{"a":'.repeat(300_000)}1${"}".repeat(300_000)}`,
      "f-1e400.json": doc('"residents_count": 1e400'),
      "g-minus-1e400.json": doc('"residents_count": 4', '"distanceFromMKAD": -1e400'),
      "h-objectid-1e400.json": `{"objectId": 1e400, "measurements": {"septic_model": "topas-5"}}`,
      "i-number-1e400.json": `{"estimateNumber": 1e400, "measurements": {"septic_model": "topas-5"}}`,
      "i2-text-1e400.json": doc('"residents_count": 4', '"clientName": 1e400'),
      "i3-choice-1e400.json": doc('"soil_type": 1e400'),
      "j-newline\nname.json": "{\n  broken\n",
      "k-latin1.json": new Uint8Array([0x7b, 0x22, 0xe9, 0x22, 0x7d]),
      "l-array.json": "[1, 2, 3]",
      "m-deep-photos.json": doc(`"photos": ${"[".repeat(900_000)}1${"]".repeat(900_000)}`),
    };
    for (const [name, content] of Object.entries(files)) {
      if (typeof content === "string") await Deno.writeTextFile(`${bad}/${name}`, content);
      else await Deno.writeFile(`${bad}/${name}`, content);
    }
    // 200 MB (sparse: no disk used) and just over the limit with real bytes.
    const huge = await Deno.open(`${bad}/n-200mb.json`, { write: true, create: true });
    await huge.truncate(200 * 1024 * 1024);
    huge.close();
    await Deno.writeTextFile(`${bad}/o-3mb.json`, doc(`"notes": "${"x".repeat(3 * 1024 * 1024)}"`));

    const r = await runChecked(
      dir,
      "estimate",
      "generate",
      bad,
      `${dir}/d`,
      "--out",
      `${dir}/out`,
      "--format",
      "json",
    );
    assert.equal(r.code, 1);
    // Every file but m-deep-photos (a field carried along as it is, so deep nesting there is no error).
    const count = Object.keys(files).length + 2 - 1;
    assert.equal(r.err.length, count, r.err.join("\n"));
    const line = (name: string) => {
      const found = r.err.filter((l) => l.startsWith(`${bad}/${name}`));
      assert.equal(found.length, 1, `${name}: ${r.err.join("\n")}`);
      return found[0];
    };
    assert.match(line("a-empty.json"), /: JSON: файл пустой$/);
    assert.match(line("b-spaces.json"), /: JSON: файл пустой$/);
    assert.match(line("c-binary.json"), /: JSON: (файл не в кодировке UTF-8|некорректный JSON)/);
    assert.match(
      line("d-deep-arrays.json"),
      /measurements\.residents_count: ожидается число, получено \[\[\[/,
    );
    assert.match(line("e-deep-objects.json"), /: (\(document\)|measurements)/);
    assert.equal(
      line("f-1e400.json"),
      `${bad}/f-1e400.json: measurements.residents_count: число вне допустимого диапазона (допустимо от 0 до 20)`,
    );
    assert.match(line("g-minus-1e400.json"), /object\.distanceFromMKAD: число вне допустимого диапазона/);
    assert.match(line("h-objectid-1e400.json"), /: objectId: число вне допустимого диапазона$/);
    assert.match(line("i-number-1e400.json"), /: estimateNumber: число вне допустимого диапазона$/);
    assert.match(line("i2-text-1e400.json"), /: object\.clientName: число вне допустимого диапазона$/);
    assert.match(
      line("i3-choice-1e400.json"),
      /: measurements\.soil_type: допустимые значения: .*получено Infinity$/,
    );
    assert.match(line("j-newline name.json"), /: JSON: некорректный JSON/);
    assert.match(line("k-latin1.json"), /: JSON: файл не в кодировке UTF-8$/);
    assert.match(line("l-array.json"), /\(document\): ожидается объект JSON/);
    assert.match(line("n-200mb.json"), /: файл больше 2 МБ; не прочитан$/);
    assert.match(line("o-3mb.json"), /: файл больше 2 МБ; не прочитан$/);
    for (const l of r.err) assert.doesNotMatch(l, /получено null/);
    assert.match(
      r.out.at(-1)!,
      new RegExp(`Итого: смет сформировано 7 из ${count + 7}, с ошибками ${count},`),
    );
    // The six good documents (and m-deep-photos) went through despite the bad ones.
    for (const name of ["topas5-basic", "eurobion-ultra", "deep", "m-deep-photos"]) {
      assert.ok((await Deno.stat(`${dir}/out/${name}.json`)).isFile, name);
    }
  });
});

Deno.test("[cli safety] price-list import of bad contents: one line, exit 1, the input and the existing list intact", async () => {
  await withFixture(async (dir) => {
    await Deno.writeTextFile(`${dir}/empty.csv`, "");
    await Deno.writeFile(`${dir}/garbage.xlsx`, crypto.getRandomValues(new Uint8Array(4096)));
    await Deno.writeFile(`${dir}/garbage.json`, crypto.getRandomValues(new Uint8Array(4096)));
    // The parse error quotes the file's first bytes: a line break among them stays out of the one line.
    await Deno.writeTextFile(`${dir}/newline.json`, "R$'TM\nbж");
    await Deno.writeTextFile(`${dir}/deep.json`, `${"[".repeat(900_000)}${"]".repeat(900_000)}`);
    const huge = await Deno.open(`${dir}/huge.csv`, { write: true, create: true });
    await huge.truncate(200 * 1024 * 1024);
    huge.close();
    for (
      const file of ["empty.csv", "garbage.xlsx", "garbage.json", "newline.json", "deep.json", "huge.csv"]
    ) {
      // Merging into an existing list: a failed import must not touch it either.
      const r = await runChecked(dir, "price-list", "import", `${dir}/${file}`, "--out", `${dir}/list.json`);
      assert.equal(r.code, 1, `${file}: ${r.err.join("\n")}`);
      assert.equal(r.err.length, 1, `${file}: ${r.err.join("\n")}`);
      assert.ok(r.err[0].startsWith(`${dir}/${file}: `), r.err[0]);
    }
    const huge2 = await runChecked(
      dir,
      "price-list",
      "export",
      "--price-list",
      `${dir}/huge.csv`,
      "--out",
      `${dir}/x.csv`,
    );
    usageLine(huge2);
    assert.match(huge2.err[0], /файл больше 5 МБ/);
  });
});
