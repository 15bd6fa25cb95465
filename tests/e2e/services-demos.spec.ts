import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { holdIsland, hydrated, islandOf } from "./fixtures/islands";

const RED = "rgb(239, 68, 68)";
const ORANGE = "rgb(249, 115, 22)";
const GREEN = "rgb(34, 197, 94)";
const START = new Date("2025-03-03T09:00:00Z");

/** Opens a service page with Playwright's clock installed and returns its demo, hydrated. */
async function openDemo(page: Page, path: string, region: string, button: string) {
  // Time stands still unless the test moves it.
  await page.clock.install({ time: START });
  await page.clock.pauseAt(new Date(START.getTime() + 60_000));
  await page.goto(path);
  const demo = page.getByRole("region", { name: region });
  const run = demo.getByRole("button", { name: button });
  await run.scrollIntoViewIfNeeded();
  await hydrated(run);
  return { demo, run, status: demo.getByRole("status"), steps: demo.getByRole("listitem"), dot: demo.getByTestId("status-dot") };
}

const done = (steps: Locator) => steps.filter({ hasText: "(done)" });

test.describe("AI workflow demo", () => {
  const stages = ["Intake Captured", "AI Extraction", "System Sync", "Routing & Alert", "Complete"];

  test("lights the five stages at 500 ms and then every 1500 ms, completing 1000 ms after the last", async ({ page }) => {
    const { run, status, steps } = await openDemo(page, "/services/ai-workflows", "Watch an AI workflow run", "Run AI Workflow");
    await expect(steps).toContainText(stages.map((s) => `${s} (waiting)`));
    await expect(status).toHaveText("Status: Stopped");
    await expect(run).toBeEnabled();

    await run.click();
    await expect(status).toHaveText("Status: Running");
    await expect(run).toBeDisabled();
    await expect(done(steps)).toHaveCount(0);
    await page.clock.runFor(499);
    await expect(done(steps)).toHaveCount(0);
    await page.clock.runFor(1);
    await expect(done(steps)).toHaveCount(1);
    await expect(steps.first()).toContainText("Intake Captured (done)");
    for (let lit = 2; lit <= 5; lit += 1) {
      await page.clock.runFor(1499);
      await expect(done(steps)).toHaveCount(lit - 1);
      await page.clock.runFor(1);
      await expect(done(steps)).toHaveCount(lit);
      await expect(steps.nth(lit - 1)).toContainText(`${stages[lit - 1]} (done)`);
    }
    await expect(status).toHaveText("Status: Running");
    await page.clock.runFor(999);
    await expect(status).toHaveText("Status: Running");
    await expect(run).toBeDisabled();
    await page.clock.runFor(1);
    await expect(status).toHaveText("Status: Complete");
    await expect(run).toBeEnabled();
    await expect(run).toHaveText("Run AI Workflow");
  });

  test("ignores presses while running, and running again after Complete starts a fresh run", async ({ page }) => {
    const { run, status, steps } = await openDemo(page, "/services/ai-workflows", "Watch an AI workflow run", "Run AI Workflow");
    await run.click();
    await page.clock.runFor(3000);
    await run.click({ force: true });
    await expect(done(steps)).toHaveCount(2);
    await page.clock.runFor(4500);
    await expect(status).toHaveText("Status: Complete");
    await expect(done(steps)).toHaveCount(5);

    await run.click();
    await expect(status).toHaveText("Status: Running");
    await expect(done(steps)).toHaveCount(0);
    await page.clock.runFor(500);
    await expect(done(steps)).toHaveCount(1);
    await page.clock.runFor(7000);
    await expect(status).toHaveText("Status: Complete");
  });
});

// Real timers: the demo's JavaScript is held back until the press has happened, as on a slow connection.
test("a press on Run AI Workflow before the demo is live starts the run once it is", async ({ page }) => {
  const island = await holdIsland(page, "StepDemo");
  await page.goto("/services/ai-workflows");
  const demo = page.getByRole("region", { name: "Watch an AI workflow run" });
  const run = demo.getByRole("button", { name: "Run AI Workflow" });
  await run.click();
  await expect(islandOf(run)).toHaveAttribute("ssr");
  island.release();
  await hydrated(page, "StepDemo");
  const status = demo.getByRole("status");
  await expect(status).toHaveText("Status: Running");
  // The run goes on: its first stage lights 0.5 s in (the whole timeline is tested above, on Playwright's clock).
  await expect(demo.getByRole("listitem").first()).toContainText("Intake Captured (done)");
});

test.describe("Document-processing demo", () => {
  const steps = ["Document Upload", "Automation Workflow", "Data Storage", "Team Notify", "Complete"];
  const idleHint = "Press Process Document to send a sample invoice through the pipeline.";
  const runningHint = "The sample invoice is on its way: each step appears as it finishes.";

  test("goes Ready (red), Processing (orange), Complete (green), one step at 500 ms + 1500 ms x i", async ({ page }) => {
    const demo = await openDemo(page, "/services/document-parsing", "See a document processed", "Process Document");
    await expect(demo.status).toHaveText("Status: Ready");
    await expect(demo.dot).toHaveCSS("background-color", RED);
    await expect(demo.demo.getByText(idleHint)).toBeVisible();
    await expect(demo.steps).toContainText(steps.map((s) => `${s} (waiting)`));

    await demo.run.click();
    const busy = demo.demo.getByRole("button", { name: "Processing..." });
    await expect(busy).toBeDisabled();
    await expect(demo.status).toHaveText("Status: Processing");
    await expect(demo.dot).toHaveCSS("background-color", ORANGE);
    await expect(demo.demo.getByText(runningHint)).toBeVisible();
    await expect(demo.demo.getByText(idleHint)).toBeHidden();

    for (let i = 0; i < steps.length; i += 1) {
      await page.clock.runFor(i === 0 ? 499 : 1499);
      await expect(done(demo.steps)).toHaveCount(i);
      await page.clock.runFor(1);
      await expect(done(demo.steps)).toHaveCount(i + 1);
      // A reached step shows its description; the next one does not yet.
      await expect(demo.steps.nth(i).getByRole("paragraph")).toHaveCount(2);
      if (i + 1 < steps.length) await expect(demo.steps.nth(i + 1).getByRole("paragraph")).toHaveCount(1);
    }
    await expect(demo.steps.nth(1)).toContainText("AI reads it and extracts supplier, invoice number, totals and due date.");

    await page.clock.runFor(999);
    await expect(demo.status).toHaveText("Status: Processing");
    await page.clock.runFor(1);
    await expect(demo.status).toHaveText("Status: Complete");
    await expect(demo.dot).toHaveCSS("background-color", GREEN);
    await expect(demo.run).toBeEnabled();
    await expect(demo.demo.getByText(idleHint)).toBeVisible();
  });

  test("'Processing...' ignores clicks; a new run clears the steps", async ({ page }) => {
    const demo = await openDemo(page, "/services/document-parsing", "See a document processed", "Process Document");
    await demo.run.click();
    await page.clock.runFor(2000);
    await demo.demo.getByRole("button", { name: "Processing..." }).click({ force: true });
    await expect(done(demo.steps)).toHaveCount(2);
    await page.clock.runFor(5500);
    await expect(demo.status).toHaveText("Status: Complete");

    await demo.run.click();
    await expect(done(demo.steps)).toHaveCount(0);
    await expect(demo.status).toHaveText("Status: Processing");
  });
});
