import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { startFakeServer, type FakeServer } from "./fixtures/server";
import { ASSISTANT_SITE, ports } from "./fixtures/sites";
import { axe, describeViolations } from "./fixtures/axe";
import { MONDAY_MORNING, mariasBooking } from "./fixtures/booking";

// Every test that talks to the booking webhook lives here: this file owns its port.
const KEY = "paphos-ai:bookings";

let hook: FakeServer;

test.use({ baseURL: ASSISTANT_SITE, timezoneId: "America/New_York" });

test.beforeAll(async () => {
  hook = await startFakeServer(ports.bookingWebhook, () => ({ status: 200, body: { ok: true } }));
});
test.afterAll(async () => {
  await hook.close();
});
test.beforeEach(() => {
  hook.requests.length = 0;
  hook.setHandler(() => ({ status: 200, body: { ok: true } }));
});

/** Opens /book on a paused clock at `now` and waits for the hydrated calendar. */
async function openBooking(page: Page, now = MONDAY_MORNING) {
  await page.clock.install({ time: new Date(now.getTime() - 1000) });
  await page.clock.pauseAt(now);
  await page.goto("/book");
  await expect(page.getByRole("grid", { name: /2026/ })).toBeVisible();
}

const day = (page: Page, name: string) => page.getByRole("gridcell", { name, exact: true });
const slot = (page: Page, label: string) => page.getByRole("radio", { name: new RegExp(`^${label}`) });
const submitButton = (page: Page) => page.getByRole("button", { name: /Confirm Booking|Booking\.\.\./ });

/** Chooses a date and slot with the pointer and fills in the required details. */
async function fillBooking(page: Page, date = "Tuesday, 14 April 2026", time = "6:00 PM") {
  await day(page, date).click();
  // The radio is visually hidden inside its label card: a pointer clicks the card.
  await page.getByText(time, { exact: true }).click();
  await expect(slot(page, time)).toBeChecked();
  await page.getByLabel("Name").fill("Maria Georgiou");
  await page.getByLabel("Email", { exact: true }).fill("maria@example.com");
  await page.getByLabel("Message (optional)").fill("We run a clinic in Paphos.");
}

async function storedBookings(page: Page): Promise<unknown> {
  return page.evaluate((key) => window.localStorage.getItem(key), KEY);
}

/**
 * Runs axe on the paused clock, stepping it 1 ms at a time for axe's own timers (far less than any
 * page timer). Legacy mode keeps axe in this page: its default opens a helper page, which the
 * context-wide clock would be stepping while it closes.
 */
async function expectNoViolations(page: Page) {
  let done = false;
  // Settled into a value at once, so a failing scan is reported as itself, not as an unhandled rejection.
  const scan = axe(page)
    .setLegacyMode()
    .analyze()
    .then(
      (results) => ({ results }),
      (error: unknown) => ({ error }),
    )
    .finally(() => {
      done = true;
    });
  for (let ms = 0; !done && ms < 1000; ms += 1) await page.clock.runFor(1);
  const outcome = await scan;
  if ("error" in outcome) throw outcome.error;
  expect(describeViolations(outcome.results)).toEqual([]);
}

async function expectFocused(locator: Locator) {
  await expect(locator).toBeFocused();
}

test("a visitor books a call with the keyboard alone; the webhook receives the exact JSON body", async ({ page }) => {
  await openBooking(page);
  await page.getByRole("button", { name: "Next month" }).focus();
  await page.keyboard.press("Tab");
  await expectFocused(day(page, "Monday, 13 April 2026"));
  await expect(day(page, "Monday, 13 April 2026")).toHaveAttribute("aria-current", "date");
  await page.keyboard.press("ArrowRight");
  await expectFocused(day(page, "Tuesday, 14 April 2026"));
  await page.keyboard.press("Enter");
  await expect(day(page, "Tuesday, 14 April 2026")).toHaveAttribute("aria-selected", "true");

  const times = page.getByRole("group", { name: "Times on Tuesday, 14 April 2026" });
  await expect(times.getByRole("radio")).toHaveCount(11);
  await page.keyboard.press("Tab");
  await expectFocused(slot(page, "5:30 PM \\(10:30 AM your time\\)"));
  await page.keyboard.press("ArrowDown");
  await expect(slot(page, "6:00 PM \\(11:00 AM your time\\)")).toBeChecked();

  await page.keyboard.press("Tab");
  await expectFocused(page.getByLabel("Name"));
  await page.keyboard.type("Maria Georgiou");
  await page.keyboard.press("Tab");
  await page.keyboard.type("maria@example.com");
  await page.keyboard.press("Tab");
  await expectFocused(page.getByRole("button", { name: "Add guest" }));
  await page.keyboard.press("Enter");
  await expectFocused(page.getByLabel("Guest 1 email"));
  await page.keyboard.type("andreas@example.com");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expectFocused(page.getByLabel("Guest 2 email"));
  await page.keyboard.type("   ");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expectFocused(page.getByLabel("Message (optional)"));
  await page.keyboard.type("We run a clinic in Paphos.");
  await page.keyboard.press("Tab");
  await expectFocused(submitButton(page));
  await page.keyboard.press("Enter");

  const heading = page.getByRole("heading", { name: "Thank you, Maria Georgiou! Your call is booked." });
  await expectFocused(heading);
  expect(hook.requests).toHaveLength(1);
  const [request] = hook.requests;
  expect(request?.method).toBe("POST");
  expect(request?.path).toBe("/booking");
  expect(request?.headers["content-type"]).toBe("application/json");
  expect(request?.json).toEqual(mariasBooking);
});

// One visit of the calendar, a step per behaviour (each was a test with a page load of its own).
test("the date grid moves by day, week, month and year, and announces weekends and past days as unavailable; it stops at the horizon, 60 days ahead, and says so", async ({ page }) => {
  await openBooking(page);
  await test.step("the date grid moves by day, week, month and year, and announces weekends and past days as unavailable", async () => {
    await expect(day(page, "Saturday, 18 April 2026")).toHaveAttribute("aria-disabled", "true");
    await expect(day(page, "Sunday, 19 April 2026")).toHaveAttribute("aria-disabled", "true");
    await expect(day(page, "Friday, 10 April 2026")).toHaveAttribute("aria-disabled", "true");
    await expect(day(page, "Friday, 17 April 2026")).not.toHaveAttribute("aria-disabled");
    await expect(page.getByRole("button", { name: "Previous month" })).toBeDisabled();
    await expect(page.getByRole("grid").locator('[tabindex="0"]')).toHaveCount(1);

    await day(page, "Monday, 13 April 2026").focus();
    const keys: [string, string][] = [
      ["ArrowLeft", "Monday, 13 April 2026"],
      ["ArrowDown", "Monday, 20 April 2026"],
      ["End", "Sunday, 26 April 2026"],
      ["ArrowUp", "Sunday, 19 April 2026"],
      ["Home", "Monday, 13 April 2026"],
      ["PageDown", "Wednesday, 13 May 2026"],
      // A year on stops at the horizon, 60 days from today; a year back at today.
      ["Shift+PageDown", "Friday, 12 June 2026"],
      ["PageUp", "Tuesday, 12 May 2026"],
      ["Shift+PageUp", "Monday, 13 April 2026"],
    ];
    for (const [key, name] of keys) {
      await page.keyboard.press(key);
      await expectFocused(day(page, name));
    }
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expectFocused(day(page, "Saturday, 18 April 2026"));
    await page.keyboard.press(" ");
    await expect(day(page, "Saturday, 18 April 2026")).toHaveAttribute("aria-selected", "false");
    await expect(page.getByRole("radio")).toHaveCount(0);

    await page.getByRole("button", { name: "Next month" }).click();
    await expect(page.getByRole("heading", { name: "May 2026" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Previous month" })).toBeEnabled();
    await day(page, "Friday, 1 May 2026").click();
    await expect(page.getByRole("group", { name: "Times on Friday, 1 May 2026" }).getByRole("radio")).toHaveCount(11);
  });
  await test.step("the calendar stops at the horizon, 60 days ahead, and says so", async () => {
    // The grid shows May 2026 (the step before moved there).
    await expect(page.getByText("Weekdays only, up to 60 days ahead (until Friday, 12 June 2026).")).toBeVisible();
    const next = page.getByRole("button", { name: "Next month" });
    await next.click();
    await expect(page.getByRole("heading", { name: "June 2026" })).toBeVisible();
    await expect(next).toBeDisabled();
    await expect(day(page, "Friday, 12 June 2026")).not.toHaveAttribute("aria-disabled");
    await expect(day(page, "Monday, 15 June 2026")).toHaveAttribute("aria-disabled", "true");
    await day(page, "Friday, 12 June 2026").focus();
    await page.keyboard.press("ArrowDown");
    await expectFocused(day(page, "Friday, 12 June 2026"));
    await day(page, "Friday, 12 June 2026").click();
    await expect(page.getByRole("group", { name: "Times on Friday, 12 June 2026" }).getByRole("radio")).toHaveCount(11);
  });
});

test("the thank-you panel shows both zones, the .ics file and the Google link for 5000 ms, then everything resets and the slot stays Booked", async ({
  page,
}) => {
  await openBooking(page);
  await fillBooking(page);
  await submitButton(page).click();
  const panel = page.getByRole("region", { name: "Thank you, Maria Georgiou! Your call is booked." });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("definition")).toHaveText(["Tuesday, 14 April 2026, 6:00 PM", "Tuesday, 14 April 2026, 11:00 AM"]);
  await expect(panel.getByRole("term")).toHaveText(["Cyprus time (Europe/Nicosia)", "Your time (America/New_York)"]);

  const id = (hook.requests[0]?.json as { id: string }).id;
  const ics = panel.getByRole("link", { name: "Add to calendar (.ics)" });
  await expect(ics).toHaveAttribute("download", "discovery-call-2026-04-14.ics");
  const href = (await ics.getAttribute("href")) ?? "";
  expect(href.startsWith("data:text/calendar;charset=utf-8,")).toBe(true);
  const file = decodeURIComponent(href.slice(href.indexOf(",") + 1));
  expect(file.split("\r\n").every((line) => line.length <= 75)).toBe(true);
  // Long lines are folded (CRLF + space); the calendar frame is unit-tested, the event's values are checked here.
  const lines = file.replace(/\r\n /g, "").split("\r\n");
  expect([lines[0], ...lines.slice(-3)]).toEqual(["BEGIN:VCALENDAR", "END:VEVENT", "END:VCALENDAR", ""]);
  expect(lines).toEqual(
    expect.arrayContaining([
      `UID:${id}@127.0.0.1`,
      "DTSTAMP:20260413T060000Z",
      "DTSTART:20260414T150000Z",
      "DTEND:20260414T153000Z",
      "SUMMARY:Discovery call with Paphos AI",
      "DESCRIPTION:Your free discovery call with Paphos AI.\\nTo change or cancel it\\, e-mail hello@example.com.",
    ]),
  );
  const google = new URL((await panel.getByRole("link", { name: /Add to Google Calendar/ }).getAttribute("href")) ?? "");
  expect(google.host).toBe("calendar.google.com");
  expect(google.searchParams.get("dates")).toBe("20260414T150000Z/20260414T153000Z");
  expect(google.searchParams.get("text")).toBe("Discovery call with Paphos AI");

  await page.clock.runFor(4999);
  await expect(panel).toBeVisible();
  await page.clock.runFor(1);
  await expect(panel).toBeHidden();
  await expect(page.getByText("Choose a weekday to see the times still free that day.")).toBeVisible();
  await expect(page.getByRole("grid").locator('[aria-selected="true"]')).toHaveCount(0);
  await expect(page.getByRole("grid").locator(":focus")).toHaveCount(1);

  const stored = JSON.parse(String(await storedBookings(page)));
  expect(stored).toEqual([
    {
      date: "2026-04-14",
      time: "6:00 PM",
      name: "Maria Georgiou",
      email: "maria@example.com",
      guests: [],
      message: "We run a clinic in Paphos.",
      timestamp: "2026-04-13T06:00:00.000Z",
    },
  ]);
  for (const reload of [false, true]) {
    if (reload) await page.reload();
    await day(page, "Tuesday, 14 April 2026").click();
    await expect(slot(page, "6:00 PM")).toBeDisabled();
    await expect(slot(page, "6:00 PM")).toHaveAccessibleName("6:00 PM (11:00 AM your time) Booked");
    await expect(slot(page, "5:30 PM")).toBeEnabled();
    await expect(page.getByText("Booked", { exact: true })).toHaveCount(1);
  }
});

test("this browser's upcoming booking is listed with Cancel: after a confirmation the webhook hears of it and the slot is free again", async ({
  page,
}) => {
  await openBooking(page);
  await fillBooking(page);
  await submitButton(page).click();
  await expect(page.getByRole("heading", { name: /Your call is booked/ })).toBeVisible();
  const id = (hook.requests[0]?.json as { id: string }).id;
  await page.reload();
  const list = page.getByRole("region", { name: "Your upcoming bookings" });
  // On a shared computer the next visitor does not see them at a glance: the list is behind a button.
  await expect(list.getByRole("listitem")).toHaveCount(0);
  await list.getByRole("button", { name: "Show bookings made on this browser" }).click();
  await expect(list.getByRole("listitem")).toHaveText(["Tuesday, 14 April 2026, 6:00 PM Cyprus timeTuesday, 14 April 2026, 11:00 AM your timeCancel the call on Tuesday, 14 April 2026, 6:00 PM Cyprus time"]);
  const cancel = list.getByRole("button", { name: /^Cancel the call on Tuesday, 14 April 2026, 6:00 PM/ });

  await cancel.click();
  const dialog = page.getByRole("dialog", { name: "Cancel this call?" });
  await expect(dialog).toContainText("Your call on Tuesday, 14 April 2026, 6:00 PM Cyprus time will be cancelled");
  await expectNoViolations(page);
  await dialog.getByRole("button", { name: "Keep it" }).click();
  await expect(dialog).toBeHidden();
  expect(hook.requests).toHaveLength(1);

  await cancel.click();
  await dialog.getByRole("button", { name: "Cancel the call" }).click();
  await expect(list.getByRole("status")).toHaveText("Your call on Tuesday, 14 April 2026, 6:00 PM Cyprus time is cancelled.");
  expect(hook.requests.map((r) => r.json)).toEqual([expect.objectContaining({ id }), { type: "cancelled", id }]);
  expect(JSON.parse(String(await storedBookings(page)))).toEqual([]);
  await day(page, "Tuesday, 14 April 2026").click();
  await expect(slot(page, "6:00 PM")).toBeEnabled();
  await expect(page.getByText("Booked", { exact: true })).toHaveCount(0);
});

test.describe("when the webhook fails", () => {
  // Chromium logs every 5xx answer as a console error; here it is the point of the test.
  test.use({ allowConsoleErrors: [/status of 50[03]/] });

  test("a 500 answer ends the submitting state, keeps every field, shows why and stores nothing; a retry sends the same id", async ({
    page,
  }) => {
    hook.setHandler(() => ({ status: 500, body: "boom" }));
    await openBooking(page);
    await fillBooking(page);
    await submitButton(page).click();
    const alert = page.getByRole("alert");
    await expect(alert).toHaveText(
      "Failed to submit booking. The server answered with an error (HTTP 500). Everything you entered is still here: please try again, or e-mail us at hello@example.com.",
    );
    await expect(alert.getByRole("link", { name: "hello@example.com" })).toHaveAttribute("href", "mailto:hello@example.com");
    await expect(submitButton(page)).toHaveText("Confirm Booking");
    await expect(submitButton(page)).toBeEnabled();
    await expect(page.getByLabel("Name")).toHaveValue("Maria Georgiou");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("maria@example.com");
    await expect(page.getByLabel("Message (optional)")).toHaveValue("We run a clinic in Paphos.");
    await expect(slot(page, "6:00 PM")).toBeChecked();
    expect(await storedBookings(page)).toBeNull();

    hook.setHandler(() => ({ status: 201 }));
    await submitButton(page).click();
    await expect(page.getByRole("region", { name: /Your call is booked/ })).toBeVisible();
    const ids = hook.requests.map((r) => (r.json as { id: string }).id);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
  });

  test("a request with no answer times out after 15 s with the form kept and nothing stored", async ({ page }) => {
    hook.setHandler(() => "hang");
    await openBooking(page);
    await fillBooking(page);
    await submitButton(page).click();
    await expect(submitButton(page)).toHaveText("Booking...");
    await expect(submitButton(page)).toBeDisabled();
    await expect.poll(() => hook.requests.length).toBe(1);
    await page.clock.runFor(14_999);
    await expect(submitButton(page)).toHaveText("Booking...");
    await page.clock.runFor(1);
    await expect(page.getByRole("alert")).toContainText("Failed to submit booking. The server did not answer within 15 seconds.");
    await expect(submitButton(page)).toHaveText("Confirm Booking");
    await expect(page.getByLabel("Name")).toHaveValue("Maria Georgiou");
    await expect(page.getByLabel("Message (optional)")).toHaveValue("We run a clinic in Paphos.");
    expect(await storedBookings(page)).toBeNull();
  });

  test("the details form with its errors, a failed booking and the thank-you panel have no WCAG 2.2 A/AA violation", async ({ page }) => {
    test.setTimeout(60_000);
    hook.setHandler(() => ({ status: 503 }));
    await openBooking(page);
    await day(page, "Tuesday, 14 April 2026").click();
    await page.getByText("6:00 PM", { exact: true }).click();
    await page.getByRole("button", { name: "Add guest" }).click();
    await page.getByLabel("Guest 1 email").fill("andreas@");
    await submitButton(page).click();
    await expect(page.getByText("Name is required")).toBeVisible();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Please enter a valid email")).toBeVisible();
    await expectFocused(page.getByLabel("Name"));
    await expectNoViolations(page);
    expect(hook.requests).toHaveLength(0);
  
    await page.getByLabel("Guest 1 email").fill("andreas@example.com");
    await fillBooking(page);
    await submitButton(page).click();
    await expect(page.getByRole("alert")).toContainText("Failed to submit booking. The server answered with an error (HTTP 503).");
    await expectNoViolations(page);
  
    hook.setHandler(() => ({ status: 200 }));
    await submitButton(page).click();
    await expect(page.getByRole("region", { name: /Your call is booked/ })).toBeVisible();
    await expectNoViolations(page);
    await expect(page.getByRole("region", { name: /Your call is booked/ })).toBeVisible();
  });
});

test("a double-click on Confirm Booking sends the booking once", async ({ page }) => {
  let release = () => undefined as void;
  hook.setHandler(() => new Promise((resolve) => (release = () => resolve({ status: 200 }))));
  await openBooking(page);
  await fillBooking(page);
  await submitButton(page).dblclick();
  await expect(submitButton(page)).toHaveText("Booking...");
  await expect(submitButton(page)).toBeDisabled();
  // A third, impatient click: force skips Playwright's own "is it enabled" wait, as a visitor would.
  await submitButton(page).click({ force: true });
  await expect.poll(() => hook.requests.length).toBe(1);
  release();
  await expect(page.getByRole("region", { name: /Your call is booked/ })).toBeVisible();
  expect(hook.requests).toHaveLength(1);
});

test("a corrupt bookings value is ignored and kept aside, and the booking is recorded beside it", async ({ page }) => {
  await page.addInitScript((key) => {
    if (!window.sessionStorage.getItem("seeded")) {
      window.localStorage.setItem(key, "{not json");
      window.sessionStorage.setItem("seeded", "1");
    }
  }, KEY);
  await openBooking(page);
  await fillBooking(page);
  await submitButton(page).click();
  await expect(page.getByRole("region", { name: /Your call is booked/ })).toBeVisible();
  const saved = await page.evaluate(() => ({ ...window.localStorage }));
  expect(saved[`${KEY}:set-aside:2026-04-13T06:00:00.000Z`]).toBe("{not json");
  expect(JSON.parse(saved[KEY] ?? "")).toEqual([expect.objectContaining({ date: "2026-04-14", time: "6:00 PM" })]);
});

test("without localStorage (private mode) the booking is still sent and the slot shows Booked for this visit", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, "localStorage", {
      get() {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    });
  });
  await openBooking(page);
  await fillBooking(page);
  await submitButton(page).click();
  await expect(page.getByRole("region", { name: /Your call is booked/ })).toBeVisible();
  expect(hook.requests).toHaveLength(1);
  await page.clock.runFor(5000);
  await day(page, "Tuesday, 14 April 2026").click();
  await expect(slot(page, "6:00 PM")).toHaveAccessibleName(/Booked$/);
});

test.describe("a visitor in Tokyo on a Wednesday evening in Nicosia", () => {
  test.use({ timezoneId: "Asia/Tokyo" });

  test("sees only today's slots that have not started, with Tokyo times and dates beside them", async ({ page }) => {
    // Wednesday 15 April 2026, 18:10 in Nicosia, 00:10 on Thursday in Tokyo.
    await openBooking(page, new Date("2026-04-15T15:10:00Z"));
    await expect(day(page, "Wednesday, 15 April 2026")).toHaveAttribute("aria-current", "date");
    await expect(day(page, "Tuesday, 14 April 2026")).toHaveAttribute("aria-disabled", "true");
    await day(page, "Wednesday, 15 April 2026").click();
    const radios = page.getByRole("group", { name: "Times on Wednesday, 15 April 2026" }).getByRole("radio");
    await expect(radios).toHaveCount(9);
    await expect(radios.first()).toHaveAccessibleName("6:30 PM (12:30 AM, Thu 16 Apr your time)");
    await expect(radios.last()).toHaveAccessibleName("10:30 PM (4:30 AM, Thu 16 Apr your time)");
    await day(page, "Thursday, 16 April 2026").click();
    await expect(radios).toHaveCount(0);
    const thursday = page.getByRole("group", { name: "Times on Thursday, 16 April 2026" }).getByRole("radio");
    await expect(thursday).toHaveCount(11);
    await expect(thursday.first()).toHaveAccessibleName("5:30 PM (11:30 PM your time)");
  });
});
