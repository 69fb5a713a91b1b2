// Screenshots of pages at desktop (1366×768) and phone (390×844) size, for looking at them:
// deno run -A scripts/screenshots.ts http://127.0.0.1:8000 /ruslos /ruslos/cart … (files in /tmp/shots).
import { chromium } from "playwright-core";
const base = Deno.args[0] ?? "http://127.0.0.1:8765";
const paths = Deno.args.slice(1);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
for (const [name, vp] of [["d", { width: 1366, height: 768 }], ["p", { width: 390, height: 844 }]] as const) {
  const ctx = await browser.newContext({
    viewport: vp,
    locale: "ru-RU",
    isMobile: name === "p",
    hasTouch: name === "p",
  });
  const page = await ctx.newPage();
  // EMAIL=… signs a demo account in first (password DEMO_PASSWORD or demo12345).
  const email = Deno.env.get("EMAIL");
  if (email) {
    const res = await ctx.request.post(base + "/api/login", {
      data: { email, password: Deno.env.get("DEMO_PASSWORD") ?? "demo12345" },
      headers: { Origin: base },
    });
    if (!res.ok()) throw new Error(`sign-in of ${email}: ${res.status()}`);
  }
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: "networkidle" });
    await Deno.mkdir("/tmp/shots", { recursive: true });
    const file = `/tmp/shots/${name}-${p.replace(/[^a-z0-9]+/gi, "_")}.png`;
    await page.screenshot({ path: file, fullPage: Deno.env.get("FULL") !== "0" });
    console.log(file, errors.splice(0).join(" | "));
  }
  await ctx.close();
}
await browser.close();
