import type { PGlite } from "@electric-sql/pglite";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { startFakeServer, type FakeServer } from "./fixtures/server";
import { FULL, ports } from "./fixtures/sites";
import { createFakeSupabase } from "./fixtures/supabase";
import { expectNoAxeViolations } from "./fixtures/axe";
import { migratedDb } from "../unit/db/harness";
import { addDays, isWeekend } from "../../src/lib/booking/calendarDates";
import { bookingMessages } from "../../src/lib/booking/messages";
import { formatLongDate, todayIn } from "../../src/lib/booking/zonedTime";

// Bookings shared by every visitor: the full build's /book against the fake Supabase, whose data API runs
// taken_slots, book_slot, booking_by_token and cancel_booking on PGlite with the project's migrations. The database
// checks the slot against its own clock, so these tests book real dates a week or more ahead.
test.use({ baseURL: FULL, timezoneId: "America/New_York", allowConsoleErrors: [/status of 409/] });

let db: PGlite;
let supabase: FakeServer;
let hook: FakeServer;

test.beforeAll(async () => {
  db = await migratedDb();
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
  // The webhook heard of the one booking, under the database's id.
  expect(hook.requests.map((r) => r.json)).toEqual([expect.objectContaining({ id: rows[0]!.id, name: "Maria Georgiou", date, time: "6:00 PM" })]);

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

  // The other visitor's page, back in focus, shows the slot taken.
  await expect(slot(other.page, "7:00 PM")).not.toHaveAccessibleName(/Booked/);
  await other.page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(slot(other.page, "7:00 PM")).toHaveAccessibleName(/Booked/);

  await page.goto(href!);
  await expect(page.getByRole("heading", { name: "Discovery call for Maria Georgiou" })).toBeVisible();
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
  expect((await confirmedAt(date, "7:00 PM"))[0]?.status).toBe("cancelled");

  await other.page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(slot(other.page, "7:00 PM")).not.toHaveAccessibleName(/Booked/);
  await expect(slot(other.page, "7:00 PM")).toBeEnabled();
  await other.context.close();

  // The same link again, and a wrong one.
  await page.reload();
  await expect(page.getByText(bookingMessages.cancelRefusals.already_cancelled)).toBeVisible();
  await page.goto(`/book/manage#${"0".repeat(64)}`);
  await expect(page.getByRole("alert")).toHaveText(bookingMessages.cancelRefusals.unknown_token);
});
