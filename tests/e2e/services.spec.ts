import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { builtPage } from "./fixtures/builtSite";
import { BARE, buildDirs } from "./fixtures/sites";
import { servicePaths } from "./services-helpers";

/** The service each page sells and the label of its closing call to action to /book. */
const closingCta: Record<string, { service: string; cta: string }> = {
  "/services/ai-workflows": { service: "AI Workflows", cta: "Automate My Workflow" },
  "/services/system-integrations": { service: "System Integrations", cta: "Book Integration Call" },
  "/services/email-automation": { service: "Email Automation", cta: "Start Now" },
  "/services/document-parsing": { service: "Document Parsing", cta: "Get Started" },
  "/services/ai-chatbots": { service: "AI Chatbots", cta: "Get Your AI Chatbot" },
  "/services/ai-voice-callers": { service: "AI Voice Callers", cta: "Get Started with AI Voice Calls" },
};

test("the six service pages are the specification's", () => {
  expect(servicePaths).toEqual(Object.keys(closingCta));
});

test("the six service pages each have a description of their own", () => {
  // Read from the built pages: each page's test below checks its own title, description and canonical URL in the browser.
  const description = (path: string) => /<meta name="description" content="([^"]*)"/.exec(builtPage(buildDirs.bare, path))?.[1] ?? "";
  const descriptions = servicePaths.map(description);
  for (const [i, text] of descriptions.entries()) expect(text.length, servicePaths[i]).toBeGreaterThan(80);
  expect(new Set(descriptions).size).toBe(6);
});

/** What each service page shows besides its frame, checked in the page's own visit below (once a test, and a load, each). */
const contentChecks: Record<string, [title: string, check: (page: Page) => Promise<void>][]> = {
  "/services/ai-workflows": [
    [
      "AI workflows: the demo's stages and five feature highlights",
      async (page) => {
        const demo = page.getByRole("region", { name: "Watch an AI workflow run" });
        await expect(demo.getByRole("listitem")).toContainText(["Intake Captured", "AI Extraction", "System Sync", "Routing & Alert", "Complete"]);
        await expect(demo.getByRole("button", { name: "Run AI Workflow" })).toBeVisible();
        await expect(demo.getByRole("status")).toHaveText("Status: Stopped");
        await expect(page.getByRole("region", { name: "What every workflow we build gives you" }).getByRole("heading", { level: 3 })).toHaveCount(5);
      },
    ],
  ],
  "/services/system-integrations": [
    [
      "System integrations: the six cards",
      async (page) => {
        await expect(page.getByRole("region", { name: "What we connect" }).getByRole("heading", { level: 3 })).toHaveText([
          "CRM Integrations",
          "Email Automation",
          "E-Commerce Sync",
          "Smart Systems",
          "API & Webhook Connections",
          "Internal Tools",
        ]);
      },
    ],
  ],
  "/services/email-automation": [
    [
      "Email automation: hero, use cases and the three-step How It Works",
      async (page) => {
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Email Automation That Feels Human");
        await expect(page.getByRole("region", { name: "Use cases" }).getByRole("heading", { level: 3 })).toHaveText([
          "Recovery Rate",
          "Welcome Sequences",
          "Event Reminders",
          "Re-engagement Campaigns",
          "Post-Purchase Follow-Ups",
        ]);
        const how = page.getByRole("region", { name: "How It Works" });
        await expect(how.getByRole("heading", { level: 3 })).toHaveText(["Design Your Triggers", "Craft the Message", "Watch It Work"]);
        await expect(how.getByRole("listitem")).toContainText(["Step 1", "Step 2", "Step 3"]);
      },
    ],
  ],
  "/services/document-parsing": [
    [
      "Document parsing: hero, demo, six use cases and Why It Matters",
      async (page) => {
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.getByRole("button", { name: "Process Document" })).toBeVisible();
        await expect(page.getByRole("region", { name: "Use cases" }).getByRole("heading", { level: 3 })).toHaveText([
          "Inbound Document Capture",
          "Smart Classification",
          "Auto Forward & Notify",
          "Structured Output",
          "Invoice & Receipt Tracking",
          "Data Analytics Ready",
        ]);
        await expect(page.getByRole("heading", { name: "Why It Matters", level: 2 })).toBeVisible();
      },
    ],
  ],
  "/services/ai-chatbots": [
    [
      "AI chatbots: problem and solution, the villa example with three property cards, industries, testimonial",
      async (page) => {
        await expect(page.getByRole("link", { name: "Book a Discovery Call" })).toHaveAttribute("href", "/book");
        await expect(page.getByRole("heading", { name: "The problem" })).toBeVisible();
        await expect(page.getByRole("heading", { name: "The solution" })).toBeVisible();
        const example = page.getByRole("figure", { name: /example conversation.*villa/i });
        await expect(example).toContainText("looking to buy a villa");
        const cards = example.getByRole("listitem");
        await expect(cards).toHaveCount(3);
        await expect(cards).toContainText(["Sea-View Villa, Peyia€495,000", "Modern Villa with Pool, Tala€560,000", "Hillside Villa, Kamares€595,000"]);
        // 'View' is part of the illustration: shown on every card, never a control.
        const views = example.getByText("View", { exact: true });
        await expect(views).toHaveCount(3);
        for (const view of await views.all()) await expect(view).toBeVisible();
        await expect(page.getByRole("button", { name: "View" })).toHaveCount(0);
        await expect(page.getByRole("link", { name: "View" })).toHaveCount(0);
        await expect(example.getByRole("img")).toHaveCount(3);
        await expect(page.getByRole("heading", { name: "Built for your industry" })).toBeVisible();
        await expect(page.getByRole("img", { name: "Rated 5 out of 5 stars" })).toBeVisible();
      },
    ],
    [
      "AI chatbots: property images are AVIF/WebP pictures from this site, sized and lazy",
      async (page) => {
        const pictures = page.locator("figure picture");
        await expect(pictures).toHaveCount(3);
        for (const picture of await pictures.all()) {
          await expect(picture.locator("source")).toHaveCount(2);
          await expect(picture.locator("source").first()).toHaveAttribute("type", "image/avif");
          await expect(picture.locator("source").last()).toHaveAttribute("type", "image/webp");
          const img = picture.locator("img");
          await expect(img).toHaveAttribute("loading", "lazy");
          await expect(img).toHaveAttribute("width", /^\d+$/);
          await expect(img).toHaveAttribute("height", /^\d+$/);
          await expect(img).toHaveAttribute("src", /^\/_astro\//);
        }
      },
    ],
  ],
  "/services/ai-voice-callers": [
    [
      "AI voice callers: How It Works, five benefits, four use cases, the demo recording and both CTAs",
      async (page) => {
        await expect(page.getByRole("link", { name: "Book a Voice Bot Demo" })).toHaveAttribute("href", "/book");
        await expect(page.getByRole("region", { name: "How It Works" }).getByRole("heading", { level: 3 })).toHaveCount(3);
        await expect(page.getByRole("region", { name: "Why businesses switch" }).getByRole("listitem")).toHaveCount(5);
        await expect(page.getByRole("region", { name: "Use cases" }).getByRole("heading", { level: 3 })).toHaveText([
          "Real Estate",
          "Restaurants",
          "Medical Clinics",
          "Trade Services",
        ]);
        await expect(page.getByRole("button", { name: "Play Demo Recording" })).toBeVisible();
        await expect(page.getByRole("link", { name: "Get Started with AI Voice Calls" })).toHaveAttribute("href", "/book");
      },
    ],
  ],
};

// The six pages in two walks of one tab each (a warm cache after the first page), each page a step.
for (const walk of [servicePaths.slice(0, 3), servicePaths.slice(3)]) {
  test(`${walk.join(", ")}: each has its own title, description and canonical URL, what the page shows, Return Home, a schema.org Service by the agency, and its closing call to /book`, async ({ page }) => {
    for (const path of walk) {
      const { service, cta } = closingCta[path]!;
      await test.step(`${path}: its own title, description and canonical URL, what the page shows (a step each), Return Home, a schema.org Service by the agency, and '${cta}' to /book`, async () => {
        await page.goto(path);
        await expect(page).toHaveTitle(`${service} | Paphos AI`);
        expect(((await page.locator('meta[name="description"]').getAttribute("content")) ?? "").length).toBeGreaterThan(80);
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${BARE}${path}`);
        const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
        expect(ld).toMatchObject({
          "@context": "https://schema.org",
          "@type": "Service",
          name: service,
          url: `${BARE}${path}`,
          provider: { "@type": "LocalBusiness", name: "Paphos AI", address: { addressLocality: "Paphos", addressCountry: "CY" } },
        });
        await expect(page.getByRole("link", { name: cta, exact: true }).last()).toHaveAttribute("href", "/book");
        for (const [title, check] of contentChecks[path] ?? []) await test.step(title, () => check(page));
        await page.getByRole("link", { name: "Return Home" }).click();
        await expect(page).toHaveURL(`${BARE}/`);
      });
    }
  });
}

test("no service page ships the JavaScript of a demo it does not show", () => {
  const islandsOf = (path: string) => {
    const html = builtPage(buildDirs.bare, path);
    return [...html.matchAll(/component-url="\/_astro\/([A-Za-z]+)\.[^"]*\.js"/g)].map((m) => m[1]);
  };
  const demoIslands = ["StepDemo", "StatCounter", "DemoRecording"];
  const shipped = Object.fromEntries(servicePaths.map((p) => [p, islandsOf(p).filter((name) => demoIslands.includes(name ?? "")).sort()]));
  expect(shipped).toEqual({
    "/services/ai-workflows": ["StepDemo"],
    "/services/system-integrations": [],
    "/services/email-automation": ["StatCounter", "StatCounter", "StatCounter"],
    "/services/document-parsing": ["StatCounter", "StatCounter", "StepDemo"],
    "/services/ai-chatbots": [],
    "/services/ai-voice-callers": ["DemoRecording"],
  });
});
