import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/test";
import type { Reply } from "../fixtures/server";
import { FULL, ports } from "../fixtures/sites";
import { expectAlertToast, openVoicePage, talkButton, useVoiceServices } from "../fixtures/vapi";
import { envelopeItems } from "../fixtures/sentry";
import { START_TIMEOUT_MESSAGE } from "../../../src/lib/voice/controller";
import { startFailedNotice } from "../../../src/lib/voice/messages";
import { drills, pageRequests } from "./drills";

// Failure drills of the voice button's services (ports.vapi and ports.sentry): the Vapi API, then the Sentry
// collector, aborted, timed out, or answering 500 and 429. The page must say what happened, send one call
// request per click, and keep working.
test.use({ baseURL: FULL });
test.describe.configure({ timeout: 60_000 });

test.describe("the Vapi API and the Sentry collector", () => {
  test.use({ allowConsoleErrors: [/status of (400|500|429)|ERR_EMPTY_RESPONSE|ERR_CONNECTION|ERR_INTERNET_DISCONNECTED|Failed to fetch/] });
  const voice = useVoiceServices(() => ({ status: 500 }));

  /**
   * Why each start failed, as the toast says it: the browser's own TypeError for a dropped connection (Chromium
   * names the host), the start's time-out, and the SDK reading a non-JSON error body as JSON.
   */
  const vapiReasons: Record<string, string> = {
    aborted: `Failed to fetch (127.0.0.1:${String(ports.vapi)})`,
    "timed out": START_TIMEOUT_MESSAGE,
    "500": `Unexpected token 'b', "boom" is not valid JSON`,
    "429": `Unexpected token 's', "slow down" is not valid JSON`,
  };

  /** Clicks the voice button and waits for the one Voice Call Error toast, saying why, and the idle button. */
  async function failedCall(page: Page, reply: Reply, posts: () => number, reason: string) {
    const before = posts();
    await talkButton(page).click();
    // The voice start time-out runs on the page's clock: move it on only once this click's request has left,
    // or the time-out would cancel the start before it asks for a call.
    if (reply === "hang") {
      await expect.poll(posts).toBe(before + 1);
      await page.clock.runFor(31_000);
    }
    await expect(page.getByRole("region", { name: "Notifications" }).getByRole("alert")).toBeVisible({ timeout: 15_000 });
    await expectAlertToast(page, "Voice Call Error", startFailedNotice(reason).description);
    // Idle: the button is the talk button again, enabled, and nothing announces a call.
    await expect(talkButton(page)).toBeEnabled();
    await expect(page.getByRole("button", { name: /End call|Ending call/ })).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: /Connect|Ending/ })).toHaveCount(0);
    return posts();
  }

  for (const drill of drills) {
    test(`Vapi ${drill.name}: the Voice Call Error toast, the button idle again, one call request per click`, async ({ page }) => {
      voice.vapi.setHandler(() => drill.reply);
      const posts = pageRequests(page, voice.vapi, "/call/web");
      await page.clock.install();
      await openVoicePage(page);
      const reason = vapiReasons[drill.name];
      if (reason === undefined) throw new Error(`No toast text for the ${drill.name} drill`);
      expect(await failedCall(page, drill.reply, posts, reason)).toBe(1);
      await page.getByRole("button", { name: "Dismiss notification: Voice Call Error" }).click();
      expect(await failedCall(page, drill.reply, posts, reason)).toBe(2);
    });
  }

  for (const drill of drills) {
    test(`Sentry ${drill.name}: a failure it cannot report still shows its toast, and the page keeps working`, async ({ page }) => {
      voice.vapi.setHandler(() => ({ status: 400, body: { message: "Couldn't Find Assistant" } }));
      voice.sentry.setHandler(() => drill.reply);
      await openVoicePage(page);
      await talkButton(page).click();
      await expectAlertToast(page, "Voice Call Error", "Failed to start voice call: Couldn't Find Assistant. Please check your Vapi credentials.");
      // This failure's own event: the other drill files' pages of the wired build report to the same collector.
      const reported = () => envelopeItems(voice.sentryRequests()).filter((i) => i.type === "event" && i.raw.includes("Couldn't Find Assistant"));
      await expect.poll(() => reported().length).toBeGreaterThan(0);
      await expect(talkButton(page)).toBeEnabled();
      await page.getByRole("link", { name: "Book a Free Discovery Call" }).first().click();
      await expect(page).toHaveURL(/\/book$/);
    });
  }
});
