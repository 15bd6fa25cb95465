import { expect, test } from "../fixtures/test";
import { startFakeServer, type FakeServer } from "../fixtures/server";
import { ASSISTANT_SITE, FULL, ports } from "../fixtures/sites";
import { hydrated } from "../fixtures/islands";
import { describeFailure, type PostFailure } from "../../../src/lib/http";
import { CONTACT_TIMEOUT_MS } from "../../../src/lib/contact";
import { EXPECTED_NETWORK_ERRORS, drills, pageRequests, passTimeOut } from "./drills";

// Failure drills of the webhooks (ports.contactWebhook and ports.bookingWebhook): each is aborted, timed out, or
// answers 500 and 429, in turn. The form must say what happened, keep what the visitor typed, send one request
// per click and throw nothing.
test.use({ baseURL: FULL });
test.describe.configure({ timeout: 60_000 });

test.describe("the contact webhook", () => {
  test.use({ allowConsoleErrors: EXPECTED_NETWORK_ERRORS });
  let hook: FakeServer;
  test.beforeAll(async () => {
    hook = await startFakeServer(ports.contactWebhook, () => ({ status: 200 }));
  });
  test.afterAll(() => hook.close());

  for (const drill of drills) {
    test(`${drill.name}: the form says why, keeps every word, and sent one request`, async ({ page }) => {
      hook.requests.length = 0;
      hook.setHandler(() => drill.reply);
      const sent = pageRequests(page, hook, "/contact");
      await page.clock.install();
      await page.goto("/contact");
      await hydrated(page, "ContactForm");
      const form = page.getByRole("form", { name: "Get in Touch" });
      const typed = { Name: "Eleni Charalambous", Email: "eleni@example.com", Message: "Could you automate our clinic's bookings?" };
      for (const [label, value] of Object.entries(typed)) await form.getByLabel(label).fill(value);
      await form.getByRole("button", { name: "Send Message" }).click();
      await passTimeOut(page, hook, drill.reply, CONTACT_TIMEOUT_MS);
      await expect(form.getByRole("alert")).toContainText(describeFailure(drill.failure));
      for (const [label, value] of Object.entries(typed)) await expect(form.getByLabel(label)).toHaveValue(value);
      expect(sent()).toBe(1);
    });
  }
});

// The webhook of the per-browser booking (no Supabase); the full build's shared bookings are drilled in booking-supabase.spec.ts.
test.describe("the booking webhook", () => {
  test.use({ allowConsoleErrors: EXPECTED_NETWORK_ERRORS, timezoneId: "Europe/Nicosia", baseURL: ASSISTANT_SITE });
  let hook: FakeServer;
  test.beforeAll(async () => {
    hook = await startFakeServer(ports.bookingWebhook, () => ({ status: 200 }));
  });
  test.afterAll(() => hook.close());

  for (const drill of drills) {
    test(`${drill.name}: /book says why, keeps the slot and every field, stores nothing, and sent one request`, async ({ page }) => {
      hook.requests.length = 0;
      hook.setHandler(() => drill.reply);
      const sent = pageRequests(page, hook, "/booking");
      // Monday 13 April 2026, 09:00 in Nicosia.
      await page.clock.install({ time: new Date("2026-04-13T06:00:00Z") });
      await page.clock.pauseAt(new Date("2026-04-13T06:00:01Z"));
      await page.goto("/book");
      await page.getByRole("gridcell", { name: "Tuesday, 14 April 2026", exact: true }).click();
      await page.getByText("6:00 PM", { exact: true }).click();
      await page.getByLabel("Name").fill("Maria Georgiou");
      await page.getByLabel("Email", { exact: true }).fill("maria@example.com");
      await page.getByLabel("Message (optional)").fill("We run a clinic in Paphos.");
      await page.getByRole("button", { name: "Confirm Booking" }).click();
      await passTimeOut(page, hook, drill.reply, 15_000);
      await expect(page.getByRole("alert")).toContainText(`Failed to submit booking. ${describeFailure({ ...drill.failure, ms: 15_000 } as PostFailure)}`);
      await expect(page.getByLabel("Name")).toHaveValue("Maria Georgiou");
      await expect(page.getByLabel("Email", { exact: true })).toHaveValue("maria@example.com");
      await expect(page.getByLabel("Message (optional)")).toHaveValue("We run a clinic in Paphos.");
      await expect(page.getByRole("radio", { name: /^6:00 PM/ })).toBeChecked();
      expect(await page.evaluate(() => localStorage.getItem("paphos-ai:bookings"))).toBeNull();
      expect(sent()).toBe(1);
    });
  }
});
