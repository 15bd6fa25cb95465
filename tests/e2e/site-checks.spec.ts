import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { HtmlValidate, type ConfigData } from "html-validate";
import { expect, test } from "./fixtures/test";
import { BARE, FULL, buildDirs } from "./fixtures/sites";
import { builtPage, htmlFiles, pagePath } from "./fixtures/builtSite";
import { pageWalks, publicPages, walkTitle } from "./fixtures/pages";
import { ADA, signInAs } from "./fixtures/dash";
import { hydrated } from "./fixtures/islands";
import { recordViolations } from "./fixtures/csp";
import { headerRules, headersFor } from "../../src/lib/security/policy";
import { site } from "../../src/site.config";

// The W3C rules as html-validate's recommended set checks them, with these exceptions, each for markup the
// HTML standard allows or that our tools emit:
// Every test stands alone (the builds are read, never written): both workers share the file.
test.describe.configure({ mode: "parallel" });

const htmlRules: ConfigData = {
  extends: ["html-validate:recommended"],
  rules: {
    // React renders `disabled=""`, `<input/>` and `popoverTarget`; Astro's redirect page writes `<!doctype html>`.
    // All are valid HTML (boolean attributes may be empty, void elements may self-close, names are case-insensitive).
    "attribute-boolean-style": "off",
    "void-style": "off",
    "attr-case": "off",
    "doctype-style": "off",
    // React's useId ids start with "_": HTML only forbids spaces in an id.
    "valid-id": ["error", { relaxed: true }],
    // Astro writes its one-line island style (`astro-island{display:contents}`) before the first island.
    "element-permitted-content": "off",
    // The forms' <fieldset disabled> only keeps controls off until hydration; it is not a group of related fields.
    "wcag/h71": "off",
    // The demo recording's bar is a styled role=progressbar with a spoken aria-valuetext.
    "prefer-native-element": ["error", { exclude: ["progressbar"] }],
  },
};

// One test per build, so the two workers validate them side by side.
for (const [name, root] of Object.entries(buildDirs)) {
  test(`the HTML of every page of the ${name} build is valid (html-validate, recommended rules)`, async () => {
    const validator = new HtmlValidate(htmlRules);
    const problems: string[] = [];
    for (const file of htmlFiles(root)) {
      const report = await validator.validateString(readFileSync(file, "utf8"), file);
      for (const result of report.results) {
        for (const m of result.messages) problems.push(`${file}:${m.line}:${m.column} ${m.ruleId} ${m.message}`);
      }
    }
    expect(problems).toEqual([]);
  });
}

test("the sitemap and robots.txt list the public pages and leave out /dash, /login and /dashboard", async ({ request }) => {
  const index = await (await request.get("/sitemap-index.xml")).text();
  const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(sitemaps).toEqual([`${BARE}/sitemap-0.xml`]);
  const sitemap = await (await request.get("/sitemap-0.xml")).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname.replace(/(.)\/$/, "$1"));
  expect(listed.sort()).toEqual([...publicPages].sort());

  const robots = await (await request.get("/robots.txt")).text();
  for (const path of ["/dash", "/login", "/dashboard"]) expect(robots).toMatch(new RegExp(`^Disallow: ${path}$`, "m"));
  expect(robots).toContain(`Sitemap: ${BARE}/sitemap-index.xml`);
  for (const path of publicPages) expect(robots).not.toMatch(new RegExp(`^Disallow: ${path}$`, "m"));
});

/** The JSON-LD blocks of a built page, parsed. */
function jsonLd(path: string): Record<string, unknown>[] {
  return [...builtPage(buildDirs.bare, path).matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}

test("structured data parses as JSON-LD: the agency in Paphos, CY on the home page, a Service on each service page", () => {
  const [home] = jsonLd("/");
  expect(home).toMatchObject({
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    name: site.brand,
    address: { "@type": "PostalAddress", addressLocality: "Paphos", addressCountry: "CY" },
  });
  for (const service of site.services) {
    const [data] = jsonLd(service.href);
    expect(data, service.href).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Service",
      name: service.title,
      provider: { "@type": "LocalBusiness", address: { addressLocality: "Paphos", addressCountry: "CY" } },
    });
  }
});

test("every response carries the security headers of public/_headers; hashed assets are immutable, /dash and /login no-store", async ({ request }) => {
  const home = await request.get("/");
  const expected = headersFor(headerRules, "/");
  for (const [name, value] of Object.entries(expected)) expect(home.headers()[name.toLowerCase()], name).toBe(value);
  expect(home.headers()["content-encoding"]).toBe("gzip");

  const script = builtPage(buildDirs.bare, "/").match(/"(\/_astro\/[^"]+\.js)"/)![1]!;
  expect((await request.get(script)).headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  for (const path of ["/dash", "/dash/settings", "/login"]) {
    expect((await request.get(path)).headers()["cache-control"], path).toBe("no-store");
  }
  expect((await request.get("/contact")).headers()["cache-control"]).toBeUndefined();
});

test("every page of both builds has a hash-based CSP: no 'unsafe-inline', no 'unsafe-eval', no inline style attribute", () => {
  for (const root of Object.values(buildDirs)) {
    for (const file of htmlFiles(root)) {
      if (pagePath(root, file) === "/dashboard") continue; // Astro's redirect page: no script, no style
      const html = readFileSync(file, "utf8");
      const csp = html.match(/<meta http-equiv="content-security-policy" content="([^"]+)"/)?.[1] ?? "";
      expect(csp, file).toMatch(/script-src 'self'[^;]* 'sha256-/);
      expect(csp, file).toMatch(/style-src 'self'/);
      expect(csp, file).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(html.match(/<[^>]+\sstyle="[^"]*"/g) ?? [], file).toEqual([]);
      // Every inline script and style is allowed by its own hash (JSON-LD is data, which CSP does not run).
      for (const [, tag, body] of html.matchAll(/<(script|style)(?![^>]*\ssrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/\1>/g)) {
        const hash = `'sha256-${createHash("sha256").update(body!).digest("base64")}'`;
        expect(csp.split(";").find((d) => d.trim().startsWith(`${tag}-src`)), `${file} ${tag}`).toContain(hash);
      }
    }
  }
});

test("the wired build allows exactly its services' origins; the bare build none", () => {
  const policy = (root: string) => builtPage(root, "/").match(/content-security-policy" content="([^"]+)"/)![1]!;
  expect(policy(buildDirs.bare)).toContain("connect-src 'self';");
  const full = policy(buildDirs.full);
  for (const origin of ["http://127.0.0.1", "ws://127.0.0.1", "https://*.daily.co", "wss://*.daily.co"]) expect(full).toContain(origin);
  expect(full).toMatch(/script-src 'self' https:\/\/c\.daily\.co 'sha256-/);
});

// The bare build's pages get the same visit, with axe, in public-pages.spec.ts.
test.describe("the wired build under its CSP", () => {
  test.use({ baseURL: FULL });
  for (const walk of pageWalks) {
    test.describe(() => {
      test.use({ allowConsoleErrors: walk.flatMap((p) => p.allowConsoleErrors ?? []) });
      test(walkTitle(walk, "each loads and hydrates with no CSP violation, console error or uncaught exception"), async ({ page }) => {
        const violations = await recordViolations(page);
        for (const { path } of walk) {
          await test.step(`${path} loads and hydrates with no CSP violation, console error or uncaught exception`, async () => {
            await page.goto(path);
            await hydrated(page);
            // Open the menu too: its panel and backdrop are styled only by the stylesheets.
            await page.getByRole("button", { name: "Open menu" }).click();
            await expect(page.getByRole("dialog", { name: "Site menu" }), `${path} menu`).toBeVisible();
            expect(await violations(), `${path} CSP violations`).toEqual([]);
          });
        }
      });
    });
  }
});

test.describe("workers", () => {
  // Chromium logs the refusal on the marketing page.
  test.use({ allowConsoleErrors: [/^Creating a worker from '.*\/vendor\/tesseract-7\/worker\.min\.js' violates .*"worker-src 'none'"/] });

  test("only the workspace may start one: a marketing page's policy refuses it; /dash reads the samples (a scan too) in workers with no violation", async ({ page }) => {
    test.setTimeout(60_000);
    const violations = await recordViolations(page);
    const startWorker = () => page.evaluate(() => void new Worker("/vendor/tesseract-7/worker.min.js"));
    await page.goto("/");
    await startWorker();
    await expect.poll(violations).toEqual([expect.stringMatching(/^worker-src http:\/\/127\.0\.0\.1:\d+\/vendor\/tesseract-7\/worker\.min\.js$/)]);
    await signInAs(page.context(), ADA);
    await page.goto("/dash/files");
    await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
    // The reader's worker, PDF.js's worker, and the OCR worker compiling its WebAssembly.
    const scan = page.getByRole("listitem", { name: "Notice of Defects, Apartment 12 (scanned)" });
    await expect(scan).toContainText("Indexed", { timeout: 30_000 });
    expect(await violations()).toEqual([]);
  });
});
