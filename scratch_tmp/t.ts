import { startServer } from "../bench/_server.ts";
import { spawnCli } from "../cli/testing.ts";
const dir = await Deno.makeTempDir();
let t = performance.now();
const s = await startServer(dir);
console.log("start", performance.now() - t); t = performance.now();
const b = await spawnCli(["backup", "create", "--out", dir + "/a"], { env: { DATABASE_URL: `file:${dir}/app.db`, DATA_DIR: dir, NODE_ENV: "production" } });
console.log("cli", performance.now() - t, b.stdout, b.stderr); t = performance.now();
await s.stop();
