import type { PGlite } from "@electric-sql/pglite";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./fixtures/axe";
import { ADA as DEMO_ADA, openDash, signInAs } from "./fixtures/dash";
import { openLogin, submitSignIn } from "./fixtures/login";
import type { FakeServer } from "./fixtures/server";
import { REMOVE_COPY, confirmSignOut, heldInBrowser } from "./fixtures/signOut";
import { BARE, FULL } from "./fixtures/sites";
import type { FakeAccount } from "./fixtures/supabase";
import {
  allowMigrating,
  emptyWorkspace,
  rowCount,
  signInToWorkspace,
  startSupabaseWorkspace,
  waitingChanges,
  type SupabaseWorkspace,
} from "./fixtures/supabaseWorkspace";
import { READ, workspaceContext } from "./fixtures/workspace";
import { expect, test } from "./fixtures/test";

// A shared computer (issue 31, item 11): Sign Out asks first, and offers to remove this browser's copy of the
// workspace, saying what has not been sent yet. With it, DevTools shows nothing of the user afterwards (no IndexedDB
// database, no localStorage key or value naming them); without it, this browser keeps what it kept before.

const ADA: FakeAccount = {
  id: "2f1c6a0e-8b3d-4c5e-9f70-1a2b3c4d5e6f",
  email: "ada@example.com",
  password: "analytical",
  fullName: "Ada Lovelace",
};

const LEASE = { name: "Shared computer lease.txt", mimeType: "text/plain", buffer: Buffer.from("Lease of a berth at Latchi marina for nine years.\n") };

/** Opens Sign Out's confirmation from the header. */
async function openSignOut(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign out?" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Opens a new case on Cases: an edit the workspace keeps in localStorage (and, with Supabase, queues for the project). */
async function createCase(page: Page, title: string) {
  await openDash(page, "/dash/cases", "Cases");
  await page.getByRole("button", { name: "New Case" }).click();
  const dialog = page.getByRole("dialog", { name: "New Case" });
  await dialog.getByLabel("Case Title").fill(title);
  await dialog.getByLabel("Docket Number").fill("CV-2026-000404");
  await dialog.getByRole("button", { name: "Create Case" }).click();
  await expect(page.getByRole("listitem", { name: title, exact: true })).toBeVisible();
}

/** The localStorage key of one of a user's workspace features (src/lib/dash/browserStorage.ts, featureKey). */
const featureKey = (userId: string, feature: string) => `paphos-ai:dash:${userId}:${feature}`;

/** Uploads a one-page TXT into Kyprianou and waits until it is read: bytes, page and search index in IndexedDB. */
async function uploadLease(page: Page) {
  await openDash(page, "/dash/uploads", "Uploads");
  await page.getByLabel("Choose File").setInputFiles(LEASE);
  await page.getByLabel("Target Case").selectOption({ label: "Kyprianou v. Limassol Marine Services" });
  await page.getByRole("button", { name: "Upload Document" }).click();
  await expect(page.getByRole("main").getByRole("listitem", { name: "Shared computer lease", exact: true })).toContainText("Indexed", READ);
}

test.describe("with Supabase", () => {
  test.use({ baseURL: FULL, ...workspaceContext });
  test.describe.configure({ mode: "serial", timeout: 90_000 });

  let db: PGlite;
  let server: FakeServer;
  let fake: SupabaseWorkspace["fake"];
  test.beforeAll(async () => {
    allowMigrating();
    ({ db, server, fake } = await startSupabaseWorkspace([ADA]));
  });
  test.beforeEach(async () => {
    server.setHandler(fake.handler);
    await emptyWorkspace(db);
  });
  test.afterAll(async () => {
    await server?.close();
    await db?.close();
  });

  test("Sign Out asks first; Cancel stays; without the option this browser keeps the workspace as before", async ({ page }) => {
    await signInToWorkspace(page, ADA, db);
    await createCase(page, "Matter kept on this laptop");
    await expect.poll(async () => (await heldInBrowser(page, ADA)).keys).toContain(featureKey(ADA.id, "cases"));
    const before = await heldInBrowser(page, ADA);
    expect(before.databases).toContain(`paphos-outbox/${ADA.id}`);

    const dialog = await openSignOut(page);
    await expect(dialog.getByRole("checkbox", { name: REMOVE_COPY })).not.toBeChecked();
    await expect(dialog.getByRole("status")).toHaveText("Every change you made has reached your firm's project.");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(`${FULL}/dash/cases`);

    await openSignOut(page);
    await confirmSignOut(page);
    await expect(page).toHaveURL(`${FULL}/`);
    const after = await heldInBrowser(page, ADA);
    expect(after.databases).toEqual(expect.arrayContaining(before.databases));
    // The sync journal is transient (emptied once the outbox holds the changes): every other key stays.
    const kept = before.keys.filter((key) => !key.startsWith("paphos-ai:sync-journal:"));
    expect(kept.length).toBeGreaterThan(5);
    expect(after.keys).toEqual(expect.arrayContaining(kept));
  });

  test.describe("the server refusing writes", () => {
    test.use({ allowConsoleErrors: [/status of 503/] });

    test("with 'Also remove this browser's copy of my workspace': says what has not been sent, then leaves nothing of the user; axe clean", async ({
      page,
    }) => {
      await signInToWorkspace(page, ADA, db);
      await uploadLease(page);
      // The upload's rows reach the project before it stops taking writes.
      await expect.poll(() => waitingChanges(page, ADA.id), { timeout: 15_000 }).toBe(0);
      const documentsDb = `paphos-documents/${ADA.id}`;
      await expect.poll(async () => (await heldInBrowser(page, ADA)).databases).toEqual([documentsDb, `paphos-outbox/${ADA.id}`].sort());

      server.setHandler((request) =>
        request.path === "/rest/v1/rpc/apply_changes" ? { status: 503, body: { message: "Service Unavailable" } } : fake.handler(request),
      );
      await createCase(page, "Matter typed on a shared computer");
      await expect(page.getByRole("banner").getByRole("status")).toHaveText(/^Offline: \d+ changes? waiting$/, { timeout: 15_000 });

      // The dialog counts the outbox itself (the header waits for the next attempt to recount).
      const dialog = await openSignOut(page);
      const said = dialog.getByRole("status");
      await expect(said).toHaveText(/^\d+ changes? (has|have) not reached your firm's project yet: removing this browser's copy deletes (it|them)\.$/);
      const waiting = await waitingChanges(page, ADA.id);
      expect(waiting).toBeGreaterThan(0);
      const sentence =
        waiting === 1
          ? "1 change has not reached your firm's project yet: removing this browser's copy deletes it."
          : `${String(waiting)} changes have not reached your firm's project yet: removing this browser's copy deletes them.`;
      await expect(said).toHaveText(sentence);
      await expect(dialog.getByRole("checkbox", { name: REMOVE_COPY })).toHaveAccessibleDescription(sentence);
      await expectNoAxeViolations(page, "sign out: ");
      await confirmSignOut(page, { removeCopy: true });

      await expect(page).toHaveURL(`${FULL}/`);
      await expect.poll(() => heldInBrowser(page, ADA)).toEqual({ databases: [], keys: [], values: [] });
      // What waited was removed with the copy: it never reached the project.
      expect(await rowCount(db, "cases", "title = 'Matter typed on a shared computer'")).toBe(0);
    });
  });
});

test.describe("demo mode", () => {
  test.use({ baseURL: BARE, ...workspaceContext });
  test.describe.configure({ timeout: 90_000 });

  test("with the option, only the demo account stays (it is the sign-in, not the workspace); without it, everything stays", async ({
    page,
    context,
  }) => {
    await signInAs(context, DEMO_ADA);
    await createCase(page, "Matter kept in this browser");
    await expect.poll(async () => (await heldInBrowser(page, DEMO_ADA)).keys).toContain(featureKey(DEMO_ADA.id, "cases"));
    const kept = await heldInBrowser(page, DEMO_ADA);
    await openSignOut(page);
    await confirmSignOut(page);
    await expect(page).toHaveURL(`${BARE}/`);
    expect((await heldInBrowser(page, DEMO_ADA)).keys).toEqual(expect.arrayContaining(kept.keys));

    // Signed in again (the account is still in this browser), with a document read into IndexedDB.
    await openLogin(page);
    await submitSignIn(page, DEMO_ADA.email, DEMO_ADA.password);
    await expect(page).toHaveURL(`${BARE}/dash`, { timeout: 15_000 });
    await uploadLease(page);
    await expect.poll(async () => (await heldInBrowser(page, DEMO_ADA)).databases).toEqual([`paphos-documents/${DEMO_ADA.id}`]);

    const dialog = await openSignOut(page);
    await expect(dialog).toContainText("In demo mode your workspace is kept in this browser only");
    await expect(dialog.getByRole("status")).toHaveCount(0);
    await expectNoAxeViolations(page, "sign out (demo): ");
    await confirmSignOut(page, { removeCopy: true });
    await expect(page).toHaveURL(`${BARE}/`);
    await expect.poll(() => heldInBrowser(page, DEMO_ADA)).toEqual({ databases: [], keys: [], values: ["paphos-ai:demo-auth:accounts"] });
  });
});
