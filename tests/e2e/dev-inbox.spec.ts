import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { startDevServer, type DevServer } from "./fixtures/devServer";
import { MONDAY_MORNING, mariasBooking } from "./fixtures/booking";
import { hydrated } from "./fixtures/islands";
import { BARE, buildDirs } from "./fixtures/sites";

// `npm run dev` with no configuration: bookings and messages reach a local inbox inside the dev server.
const maria = { name: "Maria Ioannou", email: "maria@example.com", message: "We need a booking chatbot for our clinic." };

async function lines(file: string): Promise<unknown[]> {
  const text = await readFile(file, "utf8").catch(() => "");
  return text.split("\n").filter(Boolean).map((line) => JSON.parse(line) as unknown);
}

test.describe("under astro dev with no environment", () => {
  // The first request to a page compiles it: the dev server is slower than the built site. One worker runs these
  // tests, so one dev server serves them (the chromium project otherwise spreads a file's tests over both).
  test.describe.configure({ mode: "default", timeout: 90_000 });
  let dev: DevServer | undefined;
  let dir: string;
  const server = () => {
    if (!dev) throw new Error("the dev server did not start");
    return dev;
  };
  const inboxFile = (name: string) => join(dir, name);

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // A folder of this run's own, so neither parallel runs nor the developer's .inbox/ are touched.
    dir = await mkdtemp(join(tmpdir(), "dev-inbox-"));
    dev = await startDevServer({ DEV_INBOX_DIR: dir }, "/__inbox/bookings", 90_000);
  });
  test.afterAll(async () => {
    await dev?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  async function book(page: Page) {
    await page.clock.install({ time: new Date(MONDAY_MORNING.getTime() - 1000) });
    await page.clock.pauseAt(MONDAY_MORNING);
    await page.goto(`${server().url}/book`);
    await expect(page.getByText(`Development server: bookings go to the local inbox, ${dir}/bookings.jsonl`)).toBeVisible();
    await expect(page.getByRole("link", { name: "/__inbox/bookings" })).toHaveAttribute("href", "/__inbox/bookings");
    await page.getByRole("gridcell", { name: "Tuesday, 14 April 2026", exact: true }).click();
    await page.getByText("6:00 PM", { exact: true }).click();
    await page.getByLabel("Name").fill("Maria Georgiou");
    await page.getByLabel("Email", { exact: true }).fill("maria@example.com");
    await page.getByRole("button", { name: "Add guest" }).click();
    await page.getByLabel("Guest 1 email").fill("andreas@example.com");
    await page.getByLabel("Message (optional)").fill("We run a clinic in Paphos.");
    await page.getByRole("button", { name: "Confirm Booking" }).click();
  }

  test("a booking and a message go through the real pages into the inbox files, the GET lists and the terminal", async ({ page, request }) => {
    await book(page);
    const panel = page.getByRole("region", { name: "Thank you, Maria Georgiou! Your call is booked." });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("link", { name: "Add to calendar (.ics)" })).toHaveAttribute("download", "discovery-call-2026-04-14.ics");
    await expect(panel.getByRole("link", { name: "Add to Google Calendar" })).toHaveAttribute("href", /^https:\/\/calendar\.google\.com\//);
    await page.clock.runFor(5000);
    await expect(panel).toHaveCount(0);
    await page.getByRole("gridcell", { name: "Tuesday, 14 April 2026", exact: true }).click();
    await expect(page.getByRole("radio", { name: /^6:00 PM/ })).toHaveAccessibleName(/Booked$/);
    const stored = await page.evaluate(() => window.localStorage.getItem("paphos-ai:bookings"));
    expect(JSON.parse(stored ?? "[]")).toEqual([expect.objectContaining({ date: "2026-04-14", time: "6:00 PM", email: "maria@example.com" })]);

    // Time runs again (the form hydrates when the browser is idle), with the date still fixed.
    await page.clock.resume();
    await page.clock.setFixedTime(MONDAY_MORNING);
    await page.goto(`${server().url}/contact`);
    await expect(page.getByText(`Development server: messages go to the local inbox, ${dir}/messages.jsonl`)).toBeVisible();
    await hydrated(page, "ContactForm");
    await page.getByLabel("Name").fill(maria.name);
    await page.getByLabel("Email").fill(maria.email);
    await page.getByLabel("Message").fill(maria.message);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("form", { name: "Get in Touch" }).getByRole("status")).toHaveText(
      "Thank you, Maria Ioannou! Your message has been sent. We will reply within one business day.",
    );

    // The contact payload may carry an id too (issue 11); the inbox keeps whatever the page sent.
    const message = expect.objectContaining({ ...maria, page: "/contact", timestamp: MONDAY_MORNING.toISOString() });
    expect(await lines(inboxFile("bookings.jsonl"))).toEqual([mariasBooking]);
    expect(await lines(inboxFile("messages.jsonl"))).toEqual([message]);
    for (const [path, expected] of [
      ["/__inbox/bookings", [mariasBooking]],
      ["/__inbox/messages", [message]],
    ] as const) {
      const response = await request.get(`${server().url}${path}`);
      expect(response.status()).toBe(200);
      expect(await response.json()).toEqual(expected);
    }
    expect(server().output()).toContain("Booking from Maria Georgiou <maria@example.com>, 1 guest: 2026-04-14 6:00 PM (Europe/Nicosia)");
    expect(server().output()).toContain("Message from Maria Ioannou <maria@example.com> on /contact:");
  });

  test("bad input gets a 400 with the reason, and nothing is written", async ({ request }) => {
    const before = { bookings: await lines(inboxFile("bookings.jsonl")), messages: await lines(inboxFile("messages.jsonl")) };
    const valid = { ...maria, page: "/contact", timestamp: MONDAY_MORNING.toISOString() };
    const cases = [
      ["/__inbox/messages", "name=Maria", "The body is not JSON."],
      ["/__inbox/messages", JSON.stringify({ ...valid, name: undefined }), 'Missing field "name".'],
      ["/__inbox/messages", JSON.stringify({ ...valid, email: "maria@example" }), 'Field "email" must be an e-mail address.'],
      ["/__inbox/messages", JSON.stringify({ ...valid, message: "x".repeat(70_000) }), "The body is larger than 65536 bytes."],
      ["/__inbox/bookings", JSON.stringify(valid), 'Unexpected field "page".'],
    ] as const;
    for (const [path, body, reason] of cases) {
      const response = await request.post(`${server().url}${path}`, { data: Buffer.from(body), headers: { "content-type": "application/json" } });
      expect(response.status(), `${path} ${reason}`).toBe(400);
      expect((await response.json()) as { error: string }).toEqual({ error: expect.stringContaining(reason) });
    }
    expect(await lines(inboxFile("bookings.jsonl"))).toEqual(before.bookings);
    expect(await lines(inboxFile("messages.jsonl"))).toEqual(before.messages);
    const put = await request.put(`${server().url}/__inbox/messages`, { data: valid });
    expect(put.status()).toBe(405);
  });

  test.describe("from another website", () => {
    // Chromium logs the refusal the test provokes.
    test.use({ allowConsoleErrors: [/status of 403 \(Forbidden\) @ http:\/\/127\.0\.0\.1:\d+\/__inbox\/messages/] });

    test("another website cannot send: 403 cross-site, 415 text/plain, 400 control characters, 507 past 1 MiB; a multi-line message still goes", async ({ page, request }) => {
      const file = inboxFile("messages.jsonl");
      const before = await readFile(file, "utf8").catch(() => "");
      const valid = { ...maria, page: "/contact", timestamp: MONDAY_MORNING.toISOString() };
      const url = `${server().url}/__inbox/messages`;
      const json = { "content-type": "application/json" };
      try {
        // What a page of another local app (say a dependency's dev server on another port) can send without a
        // preflight: text/plain, from its own origin. (Chromium alone already blocks this from a public site.)
        // Its icon is inline, so Chromium asks for no /favicon.ico that could arrive after the server has closed.
        const other = createServer((_req, res) =>
          res.writeHead(200, { "content-type": "text/html" }).end('<!doctype html><title>Other app</title><link rel="icon" href="data:,">'),
        );
        await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
        try {
          const { port } = other.address() as AddressInfo;
          await page.goto(`http://127.0.0.1:${port}/`);
          await page.evaluate(
            async ([target, body]) => {
              await fetch(target, { method: "POST", mode: "no-cors", headers: { "content-type": "text/plain" }, body });
            },
            [url, JSON.stringify(valid)] as const,
          );
          await expect.poll(() => server().output()).toContain(`refused (403): Requests from http://127.0.0.1:${port} are refused`);
        } finally {
          other.closeAllConnections();
          other.close();
        }

        const refusals: [Record<string, string>, string, number, string | RegExp][] = [
          [{ ...json, origin: "https://evil.test" }, JSON.stringify(valid), 403, "Requests from https://evil.test are refused"],
          // Astro's dev server itself answers a cross-site subresource request first (403, as text); the inbox refuses it too.
          [{ ...json, "sec-fetch-site": "cross-site" }, JSON.stringify(valid), 403, /Cross-site requests are refused\.|Cross-origin request blocked/],
          [{ "content-type": "text/plain" }, JSON.stringify(valid), 415, "Content-Type: application/json"],
          [json, JSON.stringify({ ...valid, name: "Maria\u001b[2J" }), 400, 'Field "name" must not contain control characters.'],
          [json, JSON.stringify({ ...valid, message: "Hi\u0007" }), 400, 'Field "message" must not contain control characters other than tabs and line breaks.'],
        ];
        for (const [headers, data, status, reason] of refusals) {
          const response = await request.post(url, { headers, data: Buffer.from(data) });
          expect(response.status(), String(reason)).toBe(status);
          const text = await response.text();
          const said = text.startsWith("{") ? (JSON.parse(text) as { error: string }).error : text;
          expect(said, String(reason)).toMatch(reason);
        }
        expect(await readFile(file, "utf8").catch(() => "")).toBe(before);

        const multiLine = { ...valid, message: "Dear team,\n\tWe need a chatbot.\r\nMaria" };
        const sent = await request.post(url, { headers: { ...json, origin: server().url, "sec-fetch-site": "same-origin" }, data: multiLine });
        expect(sent.status()).toBe(200);
        expect((await lines(file)).at(-1)).toEqual(multiLine);

        // A file at its limit takes nothing more, and says so.
        const full = `${JSON.stringify(valid)}\n`.repeat(Math.ceil((1024 * 1024) / JSON.stringify(valid).length));
        await writeFile(file, full);
        const refused = await request.post(url, { headers: json, data: valid });
        expect(refused.status()).toBe(507);
        expect((await refused.json()) as { error: string }).toEqual({ error: expect.stringMatching(/messages\.jsonl would pass 1048576 bytes: move or delete it/) });
        expect(await readFile(file, "utf8")).toBe(full);
      } finally {
        // The other tests read this file: leave it as it was.
        await writeFile(file, before);
      }
    });
  });
});

test.describe("the built site without webhooks", () => {
  test.use({ baseURL: BARE });

  test("holds no inbox code, route or file name, and still offers the e-mail instead of booking", async ({ page }) => {
    const files = (await readdir(buildDirs.bare, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const text = await readFile(join(file.parentPath, file.name), "utf8");
      for (const trace of ["__inbox", "DEV_INBOX_DIR", ".jsonl", "local inbox", "dev-inbox"]) {
        expect(text.includes(trace), `${trace} in ${join(file.parentPath, file.name)}`).toBe(false);
      }
    }
    await page.goto("/book");
    await expect(page.getByRole("heading", { name: "Online booking is unavailable right now" })).toBeVisible();
    await expect(page.getByText(/local inbox/)).toHaveCount(0);
    await page.goto("/contact");
    await expect(page.getByText(/local inbox/)).toHaveCount(0);
  });
});
