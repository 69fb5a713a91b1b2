// Browser tests: the app served on a free loopback port, driven by Debian's chromium via playwright-core.
import { type Browser, chromium, type Page } from "playwright-core";
import { closingAfter, createTestApp, DEMO_PASSWORD, type TestApp } from "../server/testing.ts";

import { CHROMIUM } from "./chromium_path.ts";

export { CHROMIUM };

export interface BrowserHarness {
  t: TestApp;
  baseUrl: string;
  browser: Browser;
  /**
   * A new page at the phone (390×844) or desktop (1366×768) size, in a context of its own. The service
   * worker is blocked unless `serviceWorkers: "allow"` (the offline tests): playwright's routes do not see
   * requests a worker answers.
   */
  newPage(size?: "phone" | "desktop", options?: { serviceWorkers?: "allow" | "block" }): Promise<Page>;
  /** Signs in through the /login form and waits for the home page. */
  signIn(page: Page, email: string, password?: string): Promise<void>;
  /**
   * A new page (desktop unless `size` says) signed in as `email` (through the API), at `at` (the role's home
   * unless given: a test going elsewhere first loads only that page).
   */
  signedIn(email: string, size?: "phone" | "desktop", at?: string): Promise<Page>;
  /**
   * The same page signed in as `email` instead (through the API: the new session's cookie replaces the last),
   * at `at`: another account at the same size without a new context, which costs a renderer and a first load
   * without cached bundles. For a page whose earlier account the test is done with.
   */
  switchAccount(page: Page, email: string, at?: string): Promise<Page>;
  close(): Promise<void>;
}

/**
 * A browser test: `fn` gets a started harness, closed after it. Playwright keeps its own timers and
 * sockets, so Deno's leak checks are off. When it fails, every page still open is saved under
 * out/screenshots (`failed-…`) for a person to see what the test saw.
 */
export const browserTest = (name: string, fn: (h: BrowserHarness) => Promise<void>) =>
  Deno.test({
    name,
    fn: async () =>
      await closingAfter(await startBrowser(), async (h) => {
        try {
          await fn(h);
        } catch (error) {
          await screenshotsOfFailure(h.browser, name);
          throw error;
        }
      }),
    sanitizeOps: false,
    sanitizeResources: false,
  });

/** Each open page of the failed test `name`, saved as it is now (a page that no longer answers is skipped). */
async function screenshotsOfFailure(browser: Browser, name: string): Promise<void> {
  const pages = browser.contexts().flatMap((context) => context.pages());
  const slug = name.replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "").slice(0, 60);
  await Deno.mkdir("out/screenshots", { recursive: true });
  await Promise.all(
    pages.map((page, i) =>
      page.screenshot({ path: `out/screenshots/failed-${slug}-${i + 1}.png`, timeout: 5000 }).catch(() => {})
    ),
  );
}

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 768 },
} as const;

/**
 * One chromium per test worker (a suite of tests/ runs in a worker of its own), started by its first browser
 * test and closed after its last; each test gets contexts of its own, as isolated as a new browser and far
 * cheaper.
 */
let sharedBrowser: Promise<Browser> | null = null;

function browserOfWorker(): Promise<Browser> {
  sharedBrowser ??= chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      // Debian's launcher (/etc/chromium.d/default-flags) asks for GPU rasterization, which without a GPU runs
      // through the software GPU: turned off, a suite of browser tests took 10 % less CPU (74 → 66 CPU-s).
      "--disable-gpu-rasterization",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  return sharedBrowser;
}

Deno.test.afterAll(async () => {
  if (sharedBrowser) await (await sharedBrowser).close();
});

/** The app on a free port of its own with the file's browser; `close()` ends the test's contexts and the app. */
export async function startBrowser(
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<BrowserHarness> {
  const t = await createTestApp(options);
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, t.app.fetch);
  const baseUrl = `http://127.0.0.1:${server.addr.port}`;
  const browser = await browserOfWorker();
  const harness: BrowserHarness = {
    t,
    baseUrl,
    browser,
    async newPage(size = "desktop", options = {}) {
      const context = await browser.newContext({
        serviceWorkers: options.serviceWorkers ?? "block",
        viewport: viewports[size],
        baseURL: baseUrl,
        locale: "ru-RU",
        timezoneId: "Europe/Moscow",
        hasTouch: size === "phone",
        isMobile: size === "phone",
      });
      return context.newPage();
    },
    async signIn(page, email, password = DEMO_PASSWORD) {
      await page.goto("/login");
      await page.waitForSelector("[data-island=LoginForm] form");
      await page.getByLabel(/^Email/).fill(email);
      await page.getByLabel(/^Пароль/).fill(password);
      await Promise.all([
        page.waitForURL((url) => !url.pathname.startsWith("/login")),
        page.getByRole("button", { name: "Войти", exact: true }).click(),
      ]);
    },
    async signedIn(email, size = "desktop", at = "/") {
      // The session through the API, as the form gets it, without loading and typing into /login: the form
      // itself is the subject of e2e/shell_test.ts (signIn above).
      return await harness.switchAccount(await harness.newPage(size), email, at);
    },
    async switchAccount(page, email, at = "/") {
      const res = await page.request.post("/api/login", { data: { email, password: DEMO_PASSWORD } });
      if (res.status() !== 200) throw new Error(`Login of "${email}" failed with ${res.status()}`);
      // "/" is where the form leads after signing in: the role's home.
      await page.goto(at);
      return page;
    },
    async close() {
      // The tests of a file run one after another: every context open now is this test's.
      await Promise.all(browser.contexts().map((context) => context.close()));
      await server.shutdown();
      await t.close();
    },
  };
  return harness;
}

/**
 * Waits until React has hydrated every root of an island (`data-hydrated`, set by islands/client.ts), so
 * that clicks reach React and typed text is not replaced by the server's value. A quiet network is not
 * enough: on a loaded machine the bundle may still be running when the network is idle.
 */
export async function hydrated(page: Page, island: string): Promise<void> {
  await page.waitForSelector(`[data-island=${island}]`, { state: "attached" });
  await page.waitForFunction(
    (name) =>
      [...document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)].every((el) =>
        el.dataset.hydrated
      ),
    island,
  );
}

/**
 * Waits until every island of the page has hydrated (`hydrated()` of each): the page answers clicks and
 * typing. Cheaper than playwright's "networkidle", which waits for half a second without requests after them.
 */
export async function everyIslandHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>("[data-island]")].every((el) => el.dataset.hydrated)
  );
}

const wantScreenshots = Deno.env.get("SCREENSHOTS") === "1";

/**
 * Waits for a toast with this text (exactly, or matching) and checks a person sees it: a tap on its middle
 * reaches it, so no modal dialog or backdrop is drawn over it and it is not inert. Playwright's "visible"
 * does not look at what covers an element, and a toast under an open dialog passed it unseen.
 */
export async function toast(
  page: Page,
  text: string | RegExp,
  options: { timeout?: number } = {},
): Promise<void> {
  const shown = page.locator(".toast").filter({
    has: page.getByText(text, { exact: typeof text === "string" }),
  });
  await shown.waitFor(options);
  // A toast whose dialog closes moves to the page within a frame: playwright asks again for up to 2 s.
  await page.waitForFunction(tapReaches, await shown.elementHandle(), { timeout: 2000 }).catch(() => {
    throw new Error(`the toast «${text}» is covered (by an open dialog?) or inert`);
  });
}

/** In the page: whether a tap on the middle of `el` reaches it (false for an element no longer shown). */
function tapReaches(el: Element): boolean {
  const { x, y, width, height } = el.getBoundingClientRect();
  const hit = document.elementFromPoint(x + width / 2, y + height / 2);
  return hit !== null && el.contains(hit);
}

/**
 * Saves a screenshot under out/screenshots for a person to look at, when the run asks for them
 * (`SCREENSHOTS=1`): each one cost the suite a render and a PNG (some 160 of them), and a failing browser test
 * saves its pages anyway (browserTest).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!wantScreenshots) return;
  await Deno.mkdir("out/screenshots", { recursive: true });
  await page.screenshot({ path: `out/screenshots/${name}.png`, fullPage: false });
}

/** Draws a wavy stroke across the signature pad with the pointer, as a finger or a mouse would. */
export async function drawSignature(page: Page): Promise<void> {
  const canvas = page.getByTestId("signature-pad");
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 24; i++) {
    await page.mouse.move(box.x + 20 + i * 10, box.y + box.height / 2 + Math.sin(i / 2) * 30, { steps: 2 });
  }
  await page.mouse.up();
}
