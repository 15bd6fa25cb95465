import { expect, test } from "./fixtures/test";
import { FULL } from "./fixtures/sites";
import { envelopeItems } from "./fixtures/sentry";
import { expectNoAxeViolations } from "./fixtures/axe";
import {
  ASSISTANT_ID,
  VAPI_KEY,
  expectAlertToast,
  heldReplies,
  notifications,
  openVoicePage,
  recordScripts,
  sdksIn,
  talkButton,
  useVoiceServices,
  webCallCreated,
} from "./fixtures/vapi";

// The full build: Vapi's API and Sentry's collector are fake servers on 127.0.0.1, owned by this file.
test.use({ baseURL: FULL });
test.describe.configure({ timeout: 60_000 });

const VOICE_ERROR = "Voice Call Error";
const failedText = (reason: string) => `Failed to start voice call: ${reason}. Please check your Vapi credentials.`;
const refused = { status: 400, body: { message: "Couldn't Find Assistant", error: "Bad Request", statusCode: 400 } };

const voice = useVoiceServices(() => refused);
const sentryEvents = () => envelopeItems(voice.sentryRequests()).filter((item) => item.type === "event");
/** The requests for a call that reached the fake Vapi API. */
const webCalls = () => voice.vapi.requests.filter((request) => request.path === "/call/web");

test.describe("the API refuses the call", () => {
  test.use({ allowConsoleErrors: [/status of 400/] });

  // One refused call for both tests that were here: what the SDK sent and what reached Sentry.
  test("the SDK POSTs /call/web naming the assistant, the Voice Call Error toast shows, the button is idle again; the failure reaches Sentry tagged 'voice', with no userName, userData or token anywhere in it", async ({ page }) => {
    voice.vapi.setHandler(() => ({
      status: 400,
      // An error body echoing what must never reach Sentry: the scrubber has to remove it.
      body: { ...refused.body, token: "SECRET-BODY-TOKEN", userName: "Jane Visitor", userData: { email: "jane@example.com" } },
    }));
    const scripts = recordScripts(page);
    // (An auth token in the address would send the visitor to /login: Daily's `t` and an API key stay on the page.)
    await openVoicePage(page, "/?t=SECRET-MEETING&ref=ad#api_key=SECRET-KEY");
    const initial = new Map(await scripts.settled());
    await talkButton(page).click();

    await test.step("the SDK POSTs /call/web naming the assistant, the Voice Call Error toast shows, the button is idle again", async () => {
      await expectAlertToast(page, VOICE_ERROR, failedText("Couldn't Find Assistant"));
      await expect(talkButton(page)).toBeVisible();
      const calls = webCalls();
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({ method: "POST", json: expect.objectContaining({ assistantId: ASSISTANT_ID }) });
      expect(calls[0]?.headers.authorization).toBe(`Bearer ${VAPI_KEY}`);

      // Sentry is in the initial JavaScript (a DSN is set); Vapi and Daily arrive with the click.
      expect(sdksIn(initial.values())).toEqual(["sentry"]);
      const afterClick = [...(await scripts.settled()).entries()].filter(([url]) => !initial.has(url)).map(([, text]) => text);
      expect(sdksIn(afterClick)).toEqual(expect.arrayContaining(["vapi", "daily"]));
    });

    await test.step("the failure reaches Sentry tagged 'voice', with no userName, userData or token anywhere in it", async () => {
      await expect.poll(() => sentryEvents().length).toBe(1);
      const [event] = sentryEvents();
      expect(event?.payload).toMatchObject({
        tags: { feature: "voice" },
        exception: { values: [expect.objectContaining({ type: "VoiceCallError", value: "Couldn't Find Assistant" })] },
      });
      // The API's body did reach the report (so its secrets would have, too) and the page URL is in it.
      expect(event?.raw).toContain('"statusCode":400');
      expect(event?.raw).toContain("t=[Filtered]&ref=ad#api_key=[Filtered]");
      for (const secret of ["SECRET", "Jane Visitor", "jane@example.com", '"userName"', '"userData"', '"token"']) {
        expect(event?.raw, `the event must not contain ${secret}`).not.toContain(secret);
      }
    });
  });

  test("End while connecting cancels the call once the SDK's start settles: idle, no toast", async ({ page }) => {
    const held = heldReplies();
    voice.vapi.setHandler(held.handler);
    await openVoicePage(page);
    await talkButton(page).click();
    await expect(page.getByText("Connecting: Creating the call...")).toBeVisible();
    await page.getByRole("button", { name: "End call" }).click();
    await expect(page.getByRole("button", { name: "Ending call..." })).toBeVisible();
    // Scanned once ended: a scan that outlasts the real 30 s start time-out then changes nothing this test checks.
    await expectNoAxeViolations(page);
    held.release(refused);
    await expect(talkButton(page)).toBeVisible();
    await expect(notifications(page).getByRole("alert")).toHaveCount(0);
  });
});

test.describe("a start that never settles", () => {
  test.use({ allowConsoleErrors: [/status of 400/] });
  const TIMED_OUT = failedText("The call did not connect within 30 seconds");

  test("/call/web never answers: after 30 s the Voice Call Error toast, and the button starts a new call", async ({ page }) => {
    await page.clock.install();
    voice.vapi.setHandler(() => "hang");
    await openVoicePage(page);
    await talkButton(page).click();
    await expect(page.getByText("Connecting: Creating the call...")).toBeVisible();
    await expect.poll(() => webCalls().length).toBe(1);
    // The installed clock also runs in real time: leave a margin before the 30 s mark.
    await page.clock.fastForward(25_000);
    await expect(page.getByRole("button", { name: "End call" })).toBeVisible();
    await page.clock.fastForward(5_000);
    await expectAlertToast(page, VOICE_ERROR, TIMED_OUT);
    await expect(talkButton(page)).toBeEnabled();

    voice.vapi.setHandler(() => refused);
    await talkButton(page).click();
    await expectAlertToast(page, VOICE_ERROR, failedText("Couldn't Find Assistant"));
    expect(webCalls()).toHaveLength(2);
  });

  test("the microphone prompt is never answered: the same toast after 30 s, and no call is made", async ({ page }) => {
    await page.clock.install();
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => new Promise(() => undefined);
    });
    await openVoicePage(page);
    await talkButton(page).click();
    await expect(page.getByRole("button", { name: "End call" })).toBeVisible();
    await page.clock.fastForward(30_000);
    await expectAlertToast(page, VOICE_ERROR, TIMED_OUT);
    await expect(talkButton(page)).toBeVisible();
    expect(webCalls()).toEqual([]);
  });

  test("the SDK download never finishes: the same toast after 30 s", async ({ page }) => {
    await page.clock.install();
    await openVoicePage(page);
    // From now on no script arrives: the SDK chunks requested by the click hang.
    await page.route(/\.js$/, () => undefined);
    await talkButton(page).click();
    await expect(page.getByRole("button", { name: "End call" })).toBeVisible();
    await page.clock.fastForward(30_000);
    await expectAlertToast(page, VOICE_ERROR, TIMED_OUT);
    await expect(talkButton(page)).toBeVisible();
  });

  test("End while connecting still ends it when /call/web never answers: idle by the time-out, no toast", async ({ page }) => {
    await page.clock.install();
    voice.vapi.setHandler(() => "hang");
    await openVoicePage(page);
    await talkButton(page).click();
    await expect(page.getByText("Connecting: Creating the call...")).toBeVisible();
    await page.getByRole("button", { name: "End call" }).click();
    await expect(page.getByRole("button", { name: "Ending call..." })).toBeVisible();
    await page.clock.fastForward(30_000);
    await expect(talkButton(page)).toBeVisible();
    await expect(notifications(page).getByRole("alert")).toHaveCount(0);
  });
});

test("a denied microphone: the toast says how to allow it again, and no call is made", async ({ page }) => {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
  });
  await openVoicePage(page);
  await talkButton(page).click();
  const toast = notifications(page).getByRole("alert");
  await expect(toast).toContainText(VOICE_ERROR);
  await expect(toast).toContainText(`${failedText("Permission denied")} Microphone access is blocked: allow the microphone for this site`);
  await expect(talkButton(page)).toBeVisible();
  expect(webCalls()).toEqual([]);
});

test.describe("the call engine cannot be reached", () => {
  test.use({ allowConsoleErrors: [/ERR_INTERNET_DISCONNECTED/] });

  test("the join stage shows while connecting, then the Voice Call Error toast, idle again, and a Sentry event", async ({ page }) => {
    voice.vapi.setHandler(() => webCallCreated);
    await openVoicePage(page);
    await talkButton(page).click();
    await expect(page.getByText("Connecting: Joining the call...")).toBeVisible();
    // Daily tries to load its call engine three times, 3 s apart, before it gives up.
    await expect(notifications(page).getByRole("alert")).toBeVisible({ timeout: 30_000 });
    await expectAlertToast(page, VOICE_ERROR, failedText("Failed to load call object bundle"));
    await expect(talkButton(page)).toBeVisible();
    await expect.poll(() => sentryEvents().map((item) => (item.payload["tags"] as Record<string, string>)["feature"])).toEqual(["voice"]);
  });
});
