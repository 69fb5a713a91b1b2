// Every page of the route table (routes/mod.ts) on a 390×844 and a 360×740 phone, signed in with a role
// that may open it: no page scrolls sideways and no visible element reaches past the screen's edges (a
// table scrolling inside its own card is fine). The measuring screen is opened too, on each step.
import assert from "node:assert/strict";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { pageRoutes } from "../routes/mod.ts";
import type { Role } from "../domain/roles.ts";
import { fillPath, queryFor, seedRecords } from "../server/testing_routes.ts";
import { DEMO_PASSWORD } from "../server/testing.ts";
import { browserTest } from "./harness.ts";

/**
 * Pages rendered at once, in tabs of the same browser: the server and chromium work while the other waits.
 * Two, not more: on a loaded 2-core machine more tabs only queue for the CPU and near playwright's 30 s.
 */
const TABS = 2;

const sizes = [
  { name: "390", width: 390, height: 844 },
  { name: "360", width: 360, height: 740 },
];

/** The demo account of each role, in the order a page is tried: the phone users first. */
const accounts: [Role, string][] = [
  ["measurement_engineer", "surveyor@demo.local"],
  ["foreman", "foreman@demo.local"],
  ["chief_engineer", "engineer@demo.local"],
  ["manager", "manager@demo.local"],
  ["company_admin", "director@demo.local"],
  ["system_admin", "admin@demo.local"],
];

/** Who opens a page: nobody for a public one, the owner for /admin*, else the first account allowed. */
function accountFor(access: (typeof pageRoutes)[number]["access"], path: string): string | null {
  if (access === "public") return null;
  if (access === "owner" || path.startsWith("/admin")) return "admin@demo.local";
  if (access === "auth") return "surveyor@demo.local";
  return accounts.find(([role]) => access.includes(role))?.[1] ?? "admin@demo.local";
}

/**
 * The elements past the viewport's edges, described for a person: the page's own width, and each visible
 * element whose box leaves [0, innerWidth] unless a scrolling ancestor (a table's wrap, the tabs) holds it.
 */
function overflowing(): string[] {
  const vw = innerWidth;
  const out: string[] = [];
  const root = document.documentElement;
  if (root.scrollWidth > vw) out.push(`страница шириной ${root.scrollWidth} > ${vw}`);
  const describe = (el: Element) => {
    const id = el.id ? `#${el.id}` : "";
    const cls = typeof el.className === "string" && el.className
      ? `.${el.className.trim().split(/\s+/).join(".")}`
      : "";
    const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    return `${el.tagName.toLowerCase()}${id}${cls} «${text}»`;
  };
  for (const el of document.body.querySelectorAll("*")) {
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) continue;
    if (r.right <= vw + 0.5 && r.left >= -0.5) continue;
    if (el.closest("[inert], [aria-hidden='true'], .visually-hidden, template")) continue;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden" || style.display === "contents") continue;
    // Inside a box that scrolls sideways and itself fits: reachable by a swipe, as tables may be.
    let p = el.parentElement;
    let held = false;
    while (p && p !== document.body) {
      const ps = getComputedStyle(p);
      if (ps.overflowX === "auto" || ps.overflowX === "scroll") {
        const pr = p.getBoundingClientRect();
        if (pr.right <= vw + 0.5 && pr.left >= -0.5) held = true;
        break;
      }
      if (ps.visibility === "hidden") {
        held = true;
        break;
      }
      p = p.parentElement;
    }
    if (held) continue;
    // Only the outermost offender: its children move with it.
    if (el.parentElement?.closest("[data-overflow]")) continue;
    (el as HTMLElement).dataset.overflow = "1";
    out.push(`${describe(el)} от ${Math.round(r.left)} до ${Math.round(r.right)}`);
  }
  return out;
}

/**
 * The phone context the pages open in, signed out; `signInAs` below changes whose pages it shows. Without
 * the service worker, which changes no layout but fetched the surveyor's whole offline set in the background.
 */
const phoneContext = (browser: Browser, baseUrl: string): Promise<BrowserContext> =>
  browser.newContext({
    serviceWorkers: "block",
    viewport: sizes[0],
    baseURL: baseUrl,
    locale: "ru-RU",
    timezoneId: "Europe/Moscow",
    hasTouch: true,
    isMobile: true,
  });

/** Signs the context out, then in as `email` through the API (none: it stays signed out). */
async function signInAs(context: BrowserContext, email: string | null): Promise<void> {
  await context.clearCookies();
  if (!email) return;
  const res = await context.request.post("/api/login", { data: { email, password: DEMO_PASSWORD } });
  assert.equal(res.status(), 200, `sign-in of ${email}`);
}

async function check(page: Page, label: string, problems: string[]) {
  // The islands hydrate after the load; a frame later their first render is on the screen.
  await page.waitForLoadState("load");
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
  const found = await page.evaluate(overflowing);
  for (const f of found) problems.push(`${label}: ${f}`);
}

browserTest("[e2e] no page overflows a 390 px or a 360 px phone", async (h) => {
  // Every page parameter gets a real record of the demo company, as in the route matrix.
  const { demo } = await seedRecords(h.t);
  const concrete = (path: string) => fillPath(path, demo) + queryFor(path, demo);

  // One context for all the accounts, which take turns: a new context costs a renderer and a first load
  // without cached bundles, a new sign-in one request. Each account's pages open side by side in tabs.
  const context = await phoneContext(h.browser, h.baseUrl);
  const tabs = await Promise.all(Array.from({ length: TABS }, () => context.newPage()));
  /** The page each tab shows now, to name a script's error. */
  const pathIn = new Map<Page, string>();
  const pagesOf = Map.groupBy(pageRoutes, (route) => accountFor(route.access, route.path));
  const problems: string[] = [];
  for (const tab of tabs) {
    tab.on("pageerror", (e) => problems.push(`${pathIn.get(tab)}: ошибка скрипта ${e.message}`));
  }
  let visited = 0;
  for (const [email, routes] of pagesOf) {
    await signInAs(context, email);
    const queue = [...routes];
    // Each tab goes from page to page: a navigation replaces the document (scripts, styles, layout) and keeps
    // the tab's renderer, whose start and cold script compilation a new tab paid per page.
    const tab = async (page: Page) => {
      for (let route = queue.shift(); route; route = queue.shift()) {
        const path = concrete(route.path);
        pathIn.set(page, path);
        await page.setViewportSize(sizes[0]);
        const res = await page.goto(path);
        assert.ok(res && res.status() < 500, `${path} answered ${res?.status()}`);
        // One load, both widths: the page reflows as the phone narrows.
        for (const size of sizes) {
          await page.setViewportSize(size);
          await check(page, `${path} (${email ?? "без входа"}) ${size.name}`, problems);
          visited++;
        }
      }
    };
    await Promise.all(tabs.map(tab));
  }

  if (problems.length > 0) console.error(problems.join("\n"));
  // The measuring screen's steps, opened from the surveyor's cabinet once; each step checked at both widths.
  await signInAs(context, "surveyor@demo.local");
  const page = tabs[0];
  pathIn.set(page, "/surveyor");
  const atBothWidths = async (label: string) => {
    for (const size of sizes) {
      await page.setViewportSize(size);
      await check(page, `${label} ${size.name}`, problems);
    }
  };
  await page.setViewportSize(sizes[0]);
  await page.goto("/surveyor");
  await page.locator(".surveyor-task", { hasText: "Автономная канализация" })
    .getByRole("button", { name: /Продолжить замер|Начать работу/ }).first().click();
  await page.locator(".site-dialog .msection").first().waitFor();
  await page.getByRole("button", { name: /Основные параметры объекта/ }).click();
  await page.getByRole("button", { name: /Данные участка/ }).click();
  await atBothWidths("замер");
  for (const tab of [/Фото$/, /Смета$/, /Инженеру$/]) {
    await page.getByRole("tab", { name: tab }).click();
    await atBothWidths(`замер, вкладка ${tab.source}`);
  }
  await context.close();
  assert.ok(visited >= pageRoutes.length * 2);
  assert.deepEqual(problems, [], problems.join("\n"));
});
