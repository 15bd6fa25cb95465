import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./fixtures/test";
import { buildDirs } from "./fixtures/sites";
import { expectAlertToast, notifications, openVoicePage, recordScripts, sdksIn, talkButton } from "./fixtures/vapi";
import { expectNoAxeViolations } from "./fixtures/axe";

// The bare build: no Vapi key, no assistant, no Sentry DSN (what `npm run dev` gives a new developer).
const INIT_TITLE = "Initialization Error";
const INIT_TEXT = "Vapi client failed to initialize. Please check your public key.";

test("without a key the button shows the Initialization Error toast: announced, axe-clean, dismissible from the keyboard", async ({ page }) => {
  // The axe scan of the whole home page can take most of the default 30 s on a loaded machine (as in a11y.spec).
  test.setTimeout(60_000);
  await openVoicePage(page);
  const scripts = recordScripts(page);
  await talkButton(page).click();
  await expectAlertToast(page, INIT_TITLE, INIT_TEXT);
  await expect(talkButton(page)).toBeVisible();
  expect(sdksIn((await scripts.settled()).values()), "no SDK is downloaded without a key").toEqual([]);

  await expectNoAxeViolations(page);

  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: `Dismiss notification: ${INIT_TITLE}` })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(notifications(page).getByRole("alert")).toHaveCount(0);
});

test("a new toast replaces the old one: one at a time", async ({ page }) => {
  await openVoicePage(page);
  await talkButton(page).click();
  await expectAlertToast(page, INIT_TITLE, INIT_TEXT);
  await notifications(page).getByRole("button", { name: `Dismiss notification: ${INIT_TITLE}` }).click();
  await talkButton(page).click();
  await talkButton(page).click();
  await expectAlertToast(page, INIT_TITLE, INIT_TEXT);
});

test("the home page's initial JavaScript holds no Vapi, Daily or Sentry code", async ({ page }) => {
  const scripts = recordScripts(page);
  await openVoicePage(page);
  await page.waitForLoadState("networkidle");
  const initial = await scripts.settled();
  const bytes = [...initial.values()].reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  test.info().annotations.push({ type: "initial JavaScript", description: `${initial.size} files, ${bytes} bytes` });

  expect([...initial.keys()].some((url) => url.includes("/VoiceCall.")), "the voice island is among them").toBe(true);
  expect(sdksIn(initial.values())).toEqual([]);
  // The same signatures do find the SDKs in the build, in the chunk only a click downloads.
  const assets = join(buildDirs.bare, "_astro");
  const built = readdirSync(assets)
    .filter((file) => file.endsWith(".js"))
    .map((file) => readFileSync(join(assets, file), "utf8"));
  expect(sdksIn(built)).toEqual(expect.arrayContaining(["vapi", "daily"]));
});
