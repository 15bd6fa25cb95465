import { expect, onScreen, test } from "./fixtures/workspaceTest";
import { confirmSignOut } from "./fixtures/signOut";
import { sidebar } from "./fixtures/chat";
import { sampleCases } from "../../src/lib/dash/samples/cases";
import { sampleConversations } from "../../src/lib/dash/samples/conversations";
import { sampleUploads } from "../../src/lib/dash/samples/documents";
import { DEMO_FIRM_NOTE } from "../../src/lib/dash/samples/firm";
import { expectNoAxeViolations } from "./fixtures/axe";
import { GRACE, openDash, openSignedOut, signInAs } from "./fixtures/dash";
import { BARE } from "./fixtures/sites";
import { expectModalBehaviour, workspaceContext } from "./fixtures/workspace";

test.use(onScreen("/dash/settings", "Settings"));

/** A sample of each kind that Clear workspace data must bring back once deleted. */
const SAMPLE_CASE = sampleCases.find((c) => c.id === "case-republic-v-charalambous")!.title;
const SAMPLE_DOCUMENT = sampleUploads().find((d) => d.id === "doc-memo-motion-to-dismiss")!.title;
const SAMPLE_CONVERSATION = sampleConversations().find((c) => c.id === "sample-probate")!.title;
// Axe scans of the workspace with a dialog open take several seconds each on a shared machine.
test.describe.configure({ timeout: 60_000 });

// One visit of Settings, a step per behaviour (each was a test with a workspace of its own); Sign Out ends it.
test("Profile and Firm Information are read-only; Compact Mode makes the workspace denser; Clear workspace data asks first, then restores the samples; Sign Out ends the session", async ({ page }) => {
  await test.step("Profile and Firm Information are read-only, from the auth store's user and profile", async () => {
    await expect(page.getByLabel("Full Name")).toHaveValue("Ada Lovelace");
    await expect(page.getByLabel("Email Address")).toHaveValue("ada@example.com");
    await expect(page.getByLabel("Role")).toHaveValue("Member");
    await expect(page.getByLabel("Member Since")).toHaveValue("15 January 2025");
    for (const label of ["Full Name", "Email Address", "Role", "Member Since", "Firm Name"]) {
      await expect(page.getByLabel(label)).not.toBeEditable();
    }
    const firm = page.getByRole("region", { name: "Firm Information" });
    await expect(firm.getByLabel("Firm Name")).toHaveValue("Christodoulou & Partners LLC");
    await expect(firm).toContainText("Firm settings are managed by your firm's administrators.");
    // The demo is a firm of one and says so: sharing needs the firm's Supabase, and there is nobody to invite.
    await expect(firm).toContainText(DEMO_FIRM_NOTE);
    await expect(firm.getByRole("button", { name: "Invite Member" })).toHaveCount(0);
    await expectNoAxeViolations(page, "settings: ");
  });
  await test.step("Compact Mode, once saved, makes the workspace denser (a measured height shrinks)", async () => {
    const profile = page.getByRole("region", { name: "Profile" });
    const before = (await profile.boundingBox())!.height;
    await page.getByRole("switch", { name: "Compact Mode" }).click();
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await expect.poll(async () => (await profile.boundingBox())!.height).toBeLessThan(before * 0.9);
    await page.getByRole("switch", { name: "Compact Mode" }).click();
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await expect.poll(async () => (await profile.boundingBox())!.height).toBe(before);
  });
  await test.step("Clear workspace data asks first, then restores the sample data: a deleted sample case, document and conversation come back", async () => {
    const main = page.getByRole("main");
    await sidebar(page).getByRole("link", { name: "Cases" }).click();
    await main.getByRole("button", { name: `Delete ${SAMPLE_CASE}` }).click();
    await page.getByRole("dialog", { name: "Delete this case?" }).getByRole("button", { name: "Delete Case" }).click();
    await expect(main.getByRole("listitem", { name: SAMPLE_CASE })).toHaveCount(0);
    await sidebar(page).getByRole("link", { name: "Files" }).click();
    await main.getByRole("listitem", { name: SAMPLE_DOCUMENT }).getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: `Delete ${SAMPLE_DOCUMENT}?` }).getByRole("button", { name: "Delete Document" }).click();
    await expect(main.getByRole("listitem", { name: SAMPLE_DOCUMENT })).toHaveCount(0);
    await sidebar(page).getByRole("button", { name: `Options for ${SAMPLE_CONVERSATION}` }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Delete conversation?" }).getByRole("button", { name: "Delete" }).click();
    await expect(sidebar(page).getByRole("button", { name: `Options for ${SAMPLE_CONVERSATION}` })).toHaveCount(0);
    await sidebar(page).getByRole("link", { name: "Settings" }).click();

    await page.getByLabel("Default Chat Scope").selectOption("Case");
    await page.getByRole("button", { name: "Save Preferences" }).click();
    const clear = page.getByRole("button", { name: "Clear workspace data in this browser" });
    await clear.click();
    await expect(page.getByRole("dialog", { name: "Clear workspace data?" })).toBeVisible();
    await expectNoAxeViolations(page, "clear data: ");
    await expectModalBehaviour(page, clear, "Clear workspace data?");
    await expect(page.getByLabel("Default Chat Scope")).toHaveValue("case");
    await clear.click();
    await page.getByRole("dialog", { name: "Clear workspace data?" }).getByRole("button", { name: "Clear Data" }).click();
    await expect(page.getByText("Workspace data cleared")).toBeVisible();
    await expect(page.getByLabel("Default Chat Scope")).toHaveValue("firm");
    // The samples are back: the conversation in the sidebar, the case in Cases, the document in Files.
    await expect(sidebar(page).getByRole("button", { name: `Options for ${SAMPLE_CONVERSATION}` })).toBeVisible();
    await sidebar(page).getByRole("link", { name: "Cases" }).click();
    await expect(main.getByRole("listitem", { name: SAMPLE_CASE })).toBeVisible();
    await sidebar(page).getByRole("link", { name: "Files" }).click();
    await expect(main.getByRole("listitem", { name: SAMPLE_DOCUMENT })).toBeVisible();
    await sidebar(page).getByRole("link", { name: "Settings" }).click();
  });
  await test.step("Sign Out goes to the home page and ends the session", async () => {
    await page.getByRole("main").getByRole("button", { name: "Sign Out" }).click();
    await confirmSignOut(page);
    await expect(page).toHaveURL(/\/$/);
    await openSignedOut(page, "/dash/settings");
  });
});

test("Preferences: defaults, unsaved changes marked, Save Preferences confirms with a toast and survives a reload", async ({ page }) => {
  const scope = page.getByLabel("Default Chat Scope");
  await expect(scope).toHaveValue("firm");
  await expect(scope.locator("option")).toHaveText(["All", "My Firm", "Case", "Knowledge Base"]);
  await expect(page.getByRole("switch", { name: "Compact Mode" })).toHaveAttribute("aria-checked", "false");
  await expect(page.getByRole("switch", { name: "Email notifications" })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByRole("switch", { name: "Desktop notifications" })).toHaveAttribute("aria-checked", "false");
  await expect(page.getByRole("switch", { name: "Mobile notifications" })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByRole("status").filter({ hasText: "Unsaved changes" })).toHaveCount(0);

  await scope.selectOption("Knowledge Base");
  await page.getByRole("switch", { name: "Desktop notifications" }).click();
  await page.getByRole("switch", { name: "Email notifications" }).press("Space");
  await expect(page.getByRole("switch", { name: "Email notifications" })).toHaveAttribute("aria-checked", "false");
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await expect(page.getByText("Preferences saved")).toBeVisible();
  await expect(page.getByText("Unsaved changes")).toHaveCount(0);
  await page.clock.runFor(1000);
  await page.reload();
  await expect(page.getByLabel("Default Chat Scope")).toHaveValue("kb");
  await expect(page.getByRole("switch", { name: "Desktop notifications" })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByRole("switch", { name: "Email notifications" })).toHaveAttribute("aria-checked", "false");

  await page.getByLabel("Default Chat Scope").selectOption("All");
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  await page.getByRole("button", { name: "Discard" }).click();
  await expect(page.getByLabel("Default Chat Scope")).toHaveValue("kb");
});

test.describe("another user", () => {
  test.use({ workspaceScreen: null });
  test("sees their own profile, role capitalised", async ({ browser }) => {
    const context = await browser.newContext({ ...workspaceContext, baseURL: BARE });
    await signInAs(context, GRACE);
    const page = await context.newPage();
    await openDash(page, "/dash/settings", "Settings");
    await expect(page.getByLabel("Full Name")).toHaveValue("Grace Hopper");
    await expect(page.getByLabel("Role")).toHaveValue("Partner");
    await expect(page.getByLabel("Member Since")).toHaveValue("3 June 2024");
    await context.close();
  });
});

test("the saved Default Chat Scope is the chat's scope: on the next chat, and after a reload of /dash/chat", async ({ page }) => {
  await page.getByLabel("Default Chat Scope").selectOption("Knowledge Base");
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await expect(page.getByText("Preferences saved")).toBeVisible();
  await page.getByRole("button", { name: "New Chat" }).click();
  const scope = page.getByRole("combobox", { name: "Scope" });
  await expect(scope).toHaveValue("kb");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Chat" })).toBeVisible({ timeout: 15_000 });
  await expect(scope).toHaveValue("kb");
  await expect(scope.getByRole("option", { selected: true })).toHaveText("KB");
});
