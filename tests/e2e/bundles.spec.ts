import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { hydrated } from "./fixtures/islands";
import { scannedPages } from "./fixtures/pages";
import { buildDirs } from "./fixtures/sites";

// Budgets are measured on the page a visitor gets, animations running (the config asks for reduced motion).
test.use({ reducedMotion: "no-preference" });

/** The islands (React components that hydrate) each foundation page may ship, and nothing else. */
const allowedIslands: Record<string, string[]> = {
  "index.html": ["ContactForm", "SlideMenu", "VoiceCall"],
  "contact/index.html": ["ContactForm", "SlideMenu"],
  "404.html": ["SlideMenu"],
};

for (const [file, islands] of Object.entries(allowedIslands)) {
  test(`${file} is static HTML whose only JavaScript is the ${islands.join(", ")} island(s)`, () => {
    const html = readFileSync(join(buildDirs.bare, file), "utf8");
    const found = [...html.matchAll(/component-url="\/_astro\/([A-Za-z]+)\.[^"]+"/g)].map((m) => m[1]);
    expect([...new Set(found)].sort()).toEqual(islands);
    // No other script file is loaded: only Astro's inline island loader runs.
    expect(html.match(/<script\b[^>]*\ssrc=/g) ?? []).toEqual([]);
    // The page's content is in the HTML itself, not rendered by JavaScript.
    expect(html).toMatch(/<main id="main"[^>]*>[\s\S]*<h[12]\b/);
  });
}

// Before hydration a form cannot work: typed text would be reset, and a native submit would put the
// fields (the password too) in the URL. So the static HTML ships their controls disabled.
for (const [file, field] of [
  ["contact/index.html", "message"],
  ["index.html", "message"],
  ["login/index.html", "password"],
] as const) {
  test(`${file} ships its form's controls disabled until the island is live`, () => {
    const html = readFileSync(join(buildDirs.bare, file), "utf8");
    const fieldset = html.match(/<fieldset\b[^>]*>[\s\S]*?<\/fieldset>/)?.[0] ?? "";
    expect(fieldset).toMatch(/^<fieldset\b[^>]*\bdisabled\b/);
    expect(fieldset).toContain(`name="${field}"`);
    expect(fieldset).toMatch(/<button[^>]*type="submit"/);
  });
}

test("the full build ships one daily-js, the version installed in node_modules (the one @vapi-ai/web uses)", () => {
  const installed = (JSON.parse(readFileSync("node_modules/@daily-co/daily-js/package.json", "utf8")) as { version: string }).version;
  const dir = join(buildDirs.full, "_astro");
  // daily-js names its own version in the call engine's URL: one version there means one copy in the build.
  const versions = readdirSync(dir)
    .filter((name) => name.endsWith(".js"))
    .flatMap((name) => [...readFileSync(join(dir, name), "utf8").matchAll(/call-machine\/versioned\/(?:`|")?(?:\.concat\(")?(\d+\.\d+\.\d+)/g)])
    .map((match) => match[1]);
  expect([...new Set(versions)]).toEqual([installed]);
});

/** Lighthouse's phone (its mobile defaults): 412 x 823 CSS pixels at a density of 1.75, touch. */
const LIGHTHOUSE_PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

// Islands hydrate with client:painted: no island script may compete with the first paint (Lighthouse counts
// every request that starts before it into the simulated first and largest paint).
test.describe("on a phone", () => {
  test.use(LIGHTHOUSE_PHONE);
  // One tab walks the pages: each visit is a new document with its own first paint and resource timings.
  test("no public page requests a script before its first contentful paint, and its islands hydrate after it", async ({ page }) => {
    for (const { path, ready } of scannedPages) {
      await test.step(`${path} requests no script before its first contentful paint, and its islands hydrate after it`, async () => {
        await page.goto(path);
        await hydrated(page);
        if (ready) await expect(page.getByRole(ready.role, { name: ready.name })).toBeVisible();
        const { fcp, scripts } = await page.evaluate(() => ({
          fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
          scripts: performance
            .getEntriesByType("resource")
            .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
            .map((entry) => ({ url: new URL(entry.name).pathname, startedAt: Math.round(entry.startTime) })),
        }));
        expect(fcp, path).toBeGreaterThan(0);
        // Every public page has the menu island at least, so there is something to check.
        expect(scripts.length, path).toBeGreaterThan(0);
        expect(scripts.filter((script) => script.startedAt < fcp), `${path}: scripts requested before the paint at ${String(Math.round(fcp))} ms`).toEqual([]);
      });
    }
  });
});

// The home page's hero and the sign-in form centre their contents vertically, so a first frame painted while the parser
// had reached only part of them (Chromium yields inside an island) moved everything when the rest arrived: a layout
// shift of 0.03-0.06 in most loads on a phone with a 4x slower CPU, and Lighthouse's CLS over its budget on the home
// page once. Each holds its first frame until the centred part is parsed (WholeFirstFrame).
test.describe("centred pages on a slow phone", () => {
  test.use(LIGHTHOUSE_PHONE);
  for (const { path, island } of [
    { path: "/", island: "VoiceCall" },
    { path: "/login", island: "AuthForm" },
  ]) {
    test(`${path} paints whole: five loads with the CPU 4x slower shift nothing`, async ({ page }) => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await page.addInitScript(() => {
        const shifts: string[] = [];
        Object.defineProperty(window, "__shifts", { value: shifts });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node | null }[] })[]) {
            shifts.push(`${entry.value.toFixed(4)} (${entry.sources.map((source) => source.node?.nodeName ?? "?").join(", ")})`);
          }
        }).observe({ type: "layout-shift", buffered: true });
      });
      for (let load = 1; load <= 5; load += 1) {
        await page.goto(`${path}?load=${String(load)}`);
        await hydrated(page, island);
        expect(await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts), `load ${String(load)}`).toEqual([]);
      }
    });
  }
});
