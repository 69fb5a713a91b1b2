// The browser tests drive Debian's chromium; install it with apt when it is missing.
import { CHROMIUM } from "../e2e/chromium_path.ts";

async function exists(path: string) {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

async function run(cmd: string, args: string[]) {
  const { code } = await new Deno.Command(cmd, { args, stdout: "inherit", stderr: "inherit" }).output();
  if (code !== 0) throw new Error(`${cmd} ${args.join(" ")} exited with ${code}`);
}

if (!(await exists(CHROMIUM))) {
  console.log("chromium не найден: устанавливаю через apt-get…");
  const sudo = Deno.uid() === 0 ? [] : ["sudo"];
  const apt = (args: string[]) => sudo.length ? run("sudo", ["apt-get", ...args]) : run("apt-get", args);
  await apt(["update"]);
  await apt(["install", "-y", "--no-install-recommends", "chromium", "fonts-dejavu-core"]);
}
