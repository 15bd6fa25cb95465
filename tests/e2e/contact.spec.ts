import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { BARE, FULL, ports } from "./fixtures/sites";
import { startFakeServer, type FakeServer } from "./fixtures/server";
import { hydrated } from "./fixtures/islands";

const NOW = new Date("2026-03-02T09:30:00.000Z");

async function fill(page: Page, values: { name: string; email: string; message: string }) {
  await hydrated(page, "ContactForm");
  await page.getByLabel("Name").fill(values.name);
  await page.getByLabel("Email").fill(values.email);
  await page.getByLabel("Message").fill(values.message);
}

const form = (page: Page) => page.getByRole("form", { name: "Get in Touch" });
const send = (page: Page) => page.getByRole("button", { name: "Send Message" }).click();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const sentIds = (server: FakeServer) => server.requests.map((request) => (request.json as { id: string }).id);
const maria = { name: "Maria Ioannou", email: "maria@example.com", message: "We need a booking chatbot for our clinic." };

test.describe("validation (no webhook needed)", () => {
  test.use({ baseURL: BARE });

  test("an empty form shows a message under each field and sends nothing", async ({ page }) => {
    await page.goto("/contact");
    await hydrated(page, "ContactForm");
    await send(page);
    for (const [label, message] of [
      ["Name", "Name is required"],
      ["Email", "Email is required"],
      ["Message", "Message is required"],
    ] as const) {
      const field = page.getByLabel(label);
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(message);
    }
    await expect(page.getByLabel("Name")).toBeFocused();
  });

  test("a malformed e-mail is refused, and typing clears the message", async ({ page }) => {
    await page.goto("/contact");
    await fill(page, { ...maria, email: "maria@example" });
    await send(page);
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Please enter a valid email");
    await expect(page.getByLabel("Email")).toBeFocused();
    await page.getByLabel("Email").fill("maria@example.com");
    await expect(page.getByText("Please enter a valid email")).toHaveCount(0);
    await expect(page.getByLabel("Email")).not.toHaveAttribute("aria-invalid", "true");
  });

  test("without a webhook, sending opens the mail app with the message prefilled", async ({ page }) => {
    await page.goto("/contact");
    await fill(page, maria);
    await send(page);
    const status = form(page).getByRole("status");
    await expect(status).toContainText("Your e-mail app should open with your message ready to send.");
    const href = await status.getByRole("link", { name: "open it here" }).getAttribute("href");
    const url = new URL(href!);
    expect(url.protocol).toBe("mailto:");
    expect(url.pathname).toBe("hello@example.com");
    expect(url.searchParams.get("subject")).toBe("Enquiry from Maria Ioannou via Paphos AI");
    expect(url.searchParams.get("body")).toBe(`${maria.message}\n\n${maria.name}\n${maria.email}`);
    await expect(status.getByRole("link", { name: "hello@example.com" })).toHaveAttribute("href", "mailto:hello@example.com");
    await expect(page.getByLabel("Message")).toHaveValue(maria.message);
  });
});

test.describe("with the contact webhook", () => {
  test.use({ baseURL: FULL });
  let server: FakeServer;

  test.beforeEach(async () => {
    server = await startFakeServer(ports.contactWebhook, () => ({ status: 200, body: { ok: true } }), 30_000);
  });
  test.afterEach(async () => {
    await server.close();
  });

  for (const path of ["/contact", "/"]) {
    test(`on ${path} the webhook receives exactly the message as JSON and the visitor is thanked`, async ({ page }) => {
      await page.clock.setFixedTime(NOW);
      await page.goto(path);
      await fill(page, { ...maria, name: `  ${maria.name} ` });
      await send(page);
      await expect(form(page).getByRole("status")).toHaveText(
        "Thank you, Maria Ioannou! Your message has been sent. We will reply within one business day.",
      );
      expect(server.requests).toHaveLength(1);
      const [request] = server.requests;
      expect(request!.method).toBe("POST");
      expect(request!.path).toBe("/contact");
      expect(request!.headers["content-type"]).toBe("application/json");
      expect(request!.json).toEqual({ id: expect.stringMatching(UUID), ...maria, page: path, timestamp: NOW.toISOString() });
      await expect(page.getByLabel("Message")).toHaveValue("");
    });
  }

  test.describe("when the webhook fails", () => {
    test.use({ allowConsoleErrors: [/status of 500/] });
    test("the visitor sees why, keeps every word, and can send again", async ({ page }) => {
      server.setHandler(() => ({ status: 500, body: "boom" }));
      await page.goto("/contact");
      await fill(page, maria);
      await send(page);
      const alert = form(page).getByRole("alert");
      await expect(alert).toContainText("Your message could not be sent. The server answered with an error (HTTP 500).");
      await expect(alert.getByRole("link", { name: "hello@example.com" })).toHaveAttribute("href", "mailto:hello@example.com");
      await expect(page.getByLabel("Name")).toHaveValue(maria.name);
      await expect(page.getByLabel("Email")).toHaveValue(maria.email);
      await expect(page.getByLabel("Message")).toHaveValue(maria.message);

      server.setHandler(() => ({ status: 200 }));
      await send(page);
      await expect(form(page).getByRole("status")).toContainText("Your message has been sent.");
      await expect(alert).toBeEmpty();
      expect(server.requests).toHaveLength(2);
    });

    test("a retry repeats the message's id; a changed message and a message after a success get new ones", async ({ page }) => {
      server.setHandler(() => ({ status: 500, body: "boom" }));
      await page.goto("/contact");
      await fill(page, maria);
      await send(page);
      const alert = form(page).getByRole("alert");
      await expect(alert).toContainText("Your message could not be sent.");
      await send(page);
      await expect.poll(() => server.requests.length).toBe(2);
      await expect(alert).toContainText("Your message could not be sent.");
      await page.getByLabel("Message").fill(`${maria.message} Also a voice agent.`);
      server.setHandler(() => ({ status: 200 }));
      await send(page);
      await expect(form(page).getByRole("status")).toContainText("Your message has been sent.");
      await fill(page, maria);
      await send(page);
      await expect.poll(() => server.requests.length).toBe(4);
      const [first, retry, changed, next] = sentIds(server);
      expect(first).toMatch(UUID);
      expect(retry).toBe(first);
      expect(changed).not.toBe(first);
      expect(next).not.toBe(changed);
      expect(next).not.toBe(first);
    });
  });

  test("while sending, the button says Sending... and a second press sends nothing more", async ({ page }) => {
    let release: () => void = () => {};
    server.setHandler(() => new Promise((resolve) => (release = () => resolve({ status: 200 }))));
    await page.goto("/contact");
    await fill(page, maria);
    await send(page);
    const sending = page.getByRole("button", { name: "Sending..." });
    await expect(sending).toBeDisabled();
    await sending.click({ force: true });
    await expect.poll(() => server.requests.length).toBe(1);
    release();
    await expect(form(page).getByRole("status")).toContainText("Your message has been sent.");
    expect(server.requests).toHaveLength(1);
  });
});
