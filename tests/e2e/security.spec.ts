import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { openDash, signInAs } from "./fixtures/dash";
import { hydrated } from "./fixtures/islands";
import { BARE } from "./fixtures/sites";
import { card, installClock, pauseClock, workspaceContext } from "./fixtures/workspace";

// The security fixes of issue 16 that the demo build shows; the wired build's are in auth-supabase.spec.ts
// (its fake Supabase owns the port) and the dev inbox's in dev-inbox.spec.ts.

test.describe("Files' Preview of an upload whose type says text/html", () => {
  test.use(workspaceContext);
  test.describe.configure({ timeout: 60_000 });

  const HOSTILE = '<h1 id=pwned>Injected</h1><script>window.top.document.title = "pwned"; parent.pwned = true;</script>';

  /** Uploads the hostile markup under `name`, claiming text/html, lets it reach `status` and opens Files. */
  async function uploadAndOpenFiles(page: Page, context: BrowserContext, name: string, status: "Indexed" | "Failed") {
    await signInAs(context);
    await installClock(page);
    await openDash(page, "/dash/uploads", "Uploads");
    await pauseClock(page);
    await page.getByLabel("Choose File").setInputFiles({ name, mimeType: "text/html", buffer: Buffer.from(HOSTILE) });
    await page.getByLabel("Target Case").selectOption({ label: "Kyprianou v. Limassol Marine Services" });
    await page.getByRole("button", { name: "Upload Document" }).click();
    await page.clock.runFor(4000);
    await expect(page.getByRole("listitem", { name: name.replace(/\.\w+$/, "") })).toContainText(status);
    await page.getByRole("link", { name: "Files" }).click();
  }

  /** No element of the file exists in any frame, and its script never ran. */
  async function expectNotParsed(page: Page) {
    for (const frame of page.frames()) {
      await expect(frame.locator("#pwned"), frame.url()).toHaveCount(0);
      await expect(frame.locator("h1", { hasText: "Injected" }), frame.url()).toHaveCount(0);
    }
    expect(await page.evaluate(() => ({ title: document.title, pwned: "pwned" in window }))).toEqual({ title: expect.not.stringContaining("pwned"), pwned: false });
  }

  test("notes.txt is read as text and the viewer shows it as text: no frame, no element of it, its script never runs", async ({ page, context }) => {
    await uploadAndOpenFiles(page, context, "notes.txt", "Indexed");
    await card(page, "notes").getByRole("button", { name: "Preview" }).click();
    const dialog = page.getByRole("dialog", { name: "notes" });
    await expect(dialog.getByRole("region", { name: "Page 1" })).toHaveText(HOSTILE);
    await expect(dialog.locator("iframe")).toHaveCount(0);
    await expectNotParsed(page);
  });

  test("a .docx that is really markup fails with what it is, and shows none of it", async ({ page, context }) => {
    await uploadAndOpenFiles(page, context, "Lease.docx", "Failed");
    const file = card(page, "Lease");
    await expect(file).toContainText("This file is not a Word (.docx) file: its contents are plain text.");
    await file.getByRole("button", { name: "Preview" }).click();
    const dialog = page.getByRole("dialog", { name: "Lease" });
    await expect(dialog).toContainText("This file is not a Word (.docx) file");
    await expect(dialog.locator("iframe")).toHaveCount(0);
    await expectNotParsed(page);
  });
});

test.describe("an auth link's credentials never stay in the address bar (demo build)", () => {
  for (const [from, to] of [
    ["/#access_token=x&refresh_token=y&type=signup", "/login"],
    ["/login#access_token=x&refresh_token=y&type=signup", "/login"],
    ["/services/ai-chatbots?code=pkce-1", "/login"],
    ["/dash/cases?token_hash=h-1&type=signup", "/login"],
    ["/login?next=%2Fdash%2Fcases&code=pkce-1", "/login?next=%2Fdash%2Fcases"],
  ] as const) {
    test(`${from} ends on ${to}, the token in neither the URL nor history`, async ({ page }) => {
      await page.goto(from);
      await expect(page).toHaveURL(`${BARE}${to}`);
      await hydrated(page);
      await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeEnabled();
      await expect(page).toHaveURL(`${BARE}${to}`);
      // The page with the token was replaced, never added: Back leaves the site instead of bringing it back.
      await page.goBack();
      expect(page.url()).toBe("about:blank");
    });
  }
});
