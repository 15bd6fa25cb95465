import { createHmac } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { allowMigrating } from "./fixtures/supabaseWorkspace";
import { startFakeServer, type FakeServer } from "./fixtures/server";
import { FULL, ports } from "./fixtures/sites";
import { createFakeSupabase } from "./fixtures/supabase";
import { BOOKING_WEBHOOK_SECRET } from "./fixtures/bookingFunction";
import { expectNoAxeViolations } from "./fixtures/axe";
import { migratedDb } from "../unit/db/harness";
import { pgliteRpc } from "../fixtures/bookingDatabase";
import { addDays, isWeekend } from "../../src/lib/booking/calendarDates";
import { bookingMessages } from "../../src/lib/booking/messages";
import { formatLongDate, todayIn, zonedToInstant } from "../../src/lib/booking/zonedTime";

// Bookings shared by every visitor: the full build's /book against the fake Supabase, whose data API runs
// taken_slots and booking_by_token on PGlite with the project's migrations, and whose booking Edge Function (the real
// handler) runs book_slot and cancel_booking there and delivers to the webhook, signed. The database checks the slot
// against its own clock, so these tests book real dates a week or more ahead. Every visitor here is one client to the
// function (tests/e2e/fixtures/bookingFunction.ts), so its hourly limit is raised but for the test of that limit.
test.use({ baseURL: FULL, timezoneId: "America/New_York", allowConsoleErrors: [/status of 409/] });

let db: PGlite;
let supabase: FakeServer;
let hook: FakeServer;

test.beforeAll(async () => {
  allowMigrating();
  db = await migratedDb();
  await db.exec("update public.booking_settings set per_client_per_hour = 1000");
  supabase = await startFakeServer(ports.supabase, createFakeSupabase([], [], db).handler, 300_000);
  hook = await startFakeServer(ports.sharedBookingWebhook, () => ({ status: 200, body: { ok: true } }), 300_000);
});
test.afterAll(async () => {
  await Promise.all([supabase?.close(), hook?.close()]);
  await db?.close();
});

/** The n-th weekday from a week ahead, in Nicosia. */
function weekdayAhead(n: number): string {
  let date = addDays(todayIn("Europe/Nicosia", new Date()), 7);
  for (let seen = -1; ; date = addDays(date, 1)) if (!isWeekend(date) && ++seen === n) return date;
}

const slot = (page: Page, label: string) => page.getByRole("radio", { name: new RegExp(`^${label}`) });

/** Opens /book at `date`, moving on a month or two when it is not in the first one shown. */
async function openDay(page: Page, date: string) {
  await page.goto("/book");
  const grid = page.getByRole("grid");
  await expect(grid).toBeVisible();
  const cell = page.getByRole("gridcell", { name: formatLongDate(date), exact: true });
  for (let month = 0; month < 2 && !(await cell.isVisible()); month += 1) await page.getByRole("button", { name: "Next month" }).click();
  await cell.click();
  await expect(page.getByRole("group", { name: `Times on ${formatLongDate(date)}` })).not.toHaveAttribute("aria-busy", "true");
}

async function chooseAndFill(page: Page, time: string, name: string, email: string) {
  await page.getByText(time, { exact: true }).click();
  await expect(slot(page, time)).toBeChecked();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Message (optional)").fill(`${name} would like a call.`);
}

const confirmBooking = (page: Page) => page.getByRole("button", { name: "Confirm Booking" }).click();

/** Whether a delivery carries the function's signature of its timestamp, delivery id and body, checked as the README shows. */
function signed(request: FakeServer["requests"][number]): boolean {
  const [, t, v2] = /^t=(\d+),v2=([0-9a-f]{64})$/.exec(String(request.headers["x-booking-signature"])) ?? [];
  const id = String(request.headers["x-booking-delivery"] ?? "");
  return Boolean(t && id && v2 === createHmac("sha256", BOOKING_WEBHOOK_SECRET).update(`${t}.${id}.${request.body}`).digest("hex"));
}

async function otherVisitor(browser: Browser) {
  const context = await browser.newContext({ baseURL: FULL, timezoneId: "Europe/Nicosia" });
  return { context, page: await context.newPage() };
}

const confirmedAt = async (date: string, time: string) =>
  (
    await db.query<{ id: string; name: string; status: string }>(
      "select id, name, status from public.bookings where date = $1 and time = $2 order by created_at",
      [date, time],
    )
  ).rows;

test("two visitors choose the same slot: the second is told it was just taken, keeps every field, and sees it Booked", async ({ page, browser }) => {
  const date = weekdayAhead(0);
  const other = await otherVisitor(browser);
  await openDay(page, date);
  await openDay(other.page, date);
  await chooseAndFill(page, "6:00 PM", "Maria Georgiou", "maria@example.com");
  await chooseAndFill(other.page, "6:00 PM", "Eleni Charalambous", "eleni@example.com");

  await confirmBooking(page);
  await expect(page.getByRole("heading", { name: "Thank you, Maria Georgiou! Your call is booked." })).toBeVisible();
  await confirmBooking(other.page);
  await expect(other.page.getByRole("alert")).toHaveText(bookingMessages.slotTaken);
  await expect(other.page.getByLabel("Name")).toHaveValue("Eleni Charalambous");
  await expect(other.page.getByLabel("Email", { exact: true })).toHaveValue("eleni@example.com");
  await expect(other.page.getByLabel("Message (optional)")).toHaveValue("Eleni Charalambous would like a call.");
  await expect(slot(other.page, "6:00 PM")).toHaveAccessibleName(/Booked/);
  await expect(slot(other.page, "6:00 PM")).toBeDisabled();

  const rows = await confirmedAt(date, "6:00 PM");
  expect(rows).toEqual([{ id: expect.any(String), name: "Maria Georgiou", status: "confirmed" }]);
  // The webhook heard of the one booking, under the database's id, from the server, signed.
  await expect.poll(() => hook.requests.map((r) => r.json)).toEqual([expect.objectContaining({ id: rows[0]!.id, name: "Maria Georgiou", date, time: "6:00 PM" })]);
  expect(hook.requests.every(signed)).toBe(true);

  // Choosing another time clears the sentence; that one books.
  await other.page.getByText("6:30 PM", { exact: true }).click();
  await expect(other.page.getByRole("alert")).toBeEmpty();
  await confirmBooking(other.page);
  await expect(other.page.getByRole("heading", { name: /Thank you, Eleni Charalambous/ })).toBeVisible();
  await other.context.close();
});

test("the manage link shows the booking in both zones and cancels it; the webhook hears; the slot is free again elsewhere", async ({ page, browser }) => {
  test.setTimeout(60_000);
  hook.requests.length = 0;
  const date = weekdayAhead(1);
  const other = await otherVisitor(browser);
  await openDay(other.page, date);
  await openDay(page, date);
  await chooseAndFill(page, "7:00 PM", "Maria Georgiou", "maria@example.com");
  await confirmBooking(page);

  // The panel, the .ics file and the Google Calendar event all carry the manage link, its token in the fragment.
  const manage = page.getByRole("link", { name: "Manage booking", exact: true });
  const href = await manage.getAttribute("href");
  expect(href).toMatch(new RegExp(`^${FULL}/book/manage#[0-9a-f]{64}$`));
  const ics = decodeURIComponent((await page.getByRole("link", { name: "Add to calendar (.ics)" }).getAttribute("href")) ?? "");
  expect(ics.replace(/\r\n /g, "")).toContain(`Manage booking: ${href!}`);
  const google = new URL((await page.getByRole("link", { name: /Add to Google Calendar/ }).getAttribute("href")) ?? "");
  expect(google.searchParams.get("details")).toContain(`Manage booking: ${href!}`);
  const [booking] = await confirmedAt(date, "7:00 PM");

  // On /book again, this browser's bookings and their manage links are behind a button.
  await page.goto("/book");
  const list = page.getByRole("region", { name: "Your upcoming bookings" });
  const show = list.getByRole("button", { name: "Show bookings made on this browser" });
  await expect(show).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("link", { name: /^Manage booking/ })).toHaveCount(0);
  await show.click();
  await expect(list.getByRole("button", { name: "Hide bookings made on this browser" })).toHaveAttribute("aria-expanded", "true");
  await expect(list.getByRole("link", { name: /^Manage booking on / })).toHaveAttribute("href", href!);

  // The other visitor's page, back in focus, shows the slot taken.
  await expect(slot(other.page, "7:00 PM")).not.toHaveAccessibleName(/Booked/);
  await other.page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(slot(other.page, "7:00 PM")).toHaveAccessibleName(/Booked/);

  await page.goto(href!);
  await expect(page.getByRole("heading", { name: "Discovery call for Maria Georgiou" })).toBeVisible();
  // Read once, the token leaves the address bar.
  await expect(page).toHaveURL(`${FULL}/book/manage`);
  await expect(page.getByText("Cyprus time (Europe/Nicosia)")).toBeVisible();
  await expect(page.getByText("Your time (America/New_York)")).toBeVisible();
  await expectNoAxeViolations(page, "manage page: ");
  await page.getByRole("button", { name: "Cancel booking" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel this call?" });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, "cancel dialog: ");
  await dialog.getByRole("button", { name: "Cancel the call" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your call is cancelled" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);
  await expect.poll(() => hook.requests.map((r) => r.json)).toContainEqual({ type: "cancelled", id: booking!.id });
  expect(hook.requests.every(signed)).toBe(true);
  expect((await confirmedAt(date, "7:00 PM"))[0]?.status).toBe("cancelled");

  await other.page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(slot(other.page, "7:00 PM")).not.toHaveAccessibleName(/Booked/);
  await expect(slot(other.page, "7:00 PM")).toBeEnabled();
  await other.context.close();

  // The same link again, and a wrong one.
  await page.goto(href!);
  await expect(page.getByText(bookingMessages.cancelRefusals.already_cancelled)).toBeVisible();
  await page.goto(`/book/manage#${"0".repeat(64)}`);
  await expect(page.getByRole("alert")).toHaveText(bookingMessages.cancelRefusals.unknown_token);
});

test.describe("past a limit", () => {
  // The browser logs the function's 429 answer.
  test.use({ allowConsoleErrors: [/status of 429/] });

  test("past the client's hourly limit the form says so, offers the e-mail and keeps every field; nothing is booked", async ({ page }) => {
    await db.exec("update public.booking_settings set per_client_per_hour = 0");
    try {
      const date = weekdayAhead(2);
      await openDay(page, date);
      await chooseAndFill(page, "8:00 PM", "Maria Georgiou", "maria@example.com");
      await confirmBooking(page);
      await expect(page.getByRole("alert")).toHaveText(bookingMessages.refusals.too_many_bookings);
      await expect(page.getByRole("alert")).toContainText("e-mail us at hello@example.com");
      await expect(page.getByLabel("Name")).toHaveValue("Maria Georgiou");
      await expect(page.getByLabel("Email", { exact: true })).toHaveValue("maria@example.com");
      expect(await confirmedAt(date, "8:00 PM")).toEqual([]);
    } finally {
      await db.exec("update public.booking_settings set per_client_per_hour = 1000");
    }
  });
});

test("the calendar stops at the horizon and says so", async ({ page }) => {
  await page.goto("/book");
  await expect(page.getByRole("grid")).toBeVisible();
  const next = page.getByRole("button", { name: "Next month" });
  for (let month = 0; month < 3 && (await next.isEnabled()); month += 1) await next.click();
  await expect(next).toBeDisabled();
  let last = addDays(todayIn("Europe/Nicosia", new Date()), 60);
  await expect(page.getByText(`Weekdays only, up to 60 days ahead (until ${formatLongDate(last)}).`)).toBeVisible();
  while (isWeekend(last)) last = addDays(last, -1);
  await expect(page.getByRole("gridcell", { name: formatLongDate(last), exact: true })).not.toHaveAttribute("aria-disabled");
});

test.describe("a manage link and Sentry", () => {
  test.use({ allowConsoleErrors: [/status of 500/] });

  test("the manage token is in no Sentry event: the failed look-up's report, its page URL and its breadcrumbs", async ({ page }) => {
    const start = zonedToInstant(weekdayAhead(3), "18:00", "Europe/Nicosia").toISOString();
    const made = await pgliteRpc(db)("book_slot", { name: "Maria Georgiou", email: "maria@example.com", start, client: "e".repeat(64) });
    const { token } = (made as { data: { token: string } }).data;
    const envelopes: string[] = [];
    await page.route("**/api/1/envelope/**", async (route) => {
      envelopes.push(route.request().postData() ?? "");
      await route.fulfill({ status: 200, body: "{}" });
    });
    await page.route("**/rest/v1/rpc/booking_by_token", (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"down"}' }));

    await page.goto(`/book/manage#${token}`);
    await expect(page.getByRole("alert")).toContainText("We could not look up your booking.");
    await expect(page).toHaveURL(`${FULL}/book/manage`);
    await expect.poll(() => envelopes.filter((body) => body.includes('"type":"event"')).length).toBeGreaterThan(0);
    const sent = envelopes.join("\n");
    expect(sent).toContain("Could not look up a booking");
    expect(sent).not.toContain(token);
    expect(sent).not.toContain(token.slice(0, 32));
  });
});
