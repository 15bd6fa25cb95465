import type { PGlite } from "@electric-sql/pglite";
import { textPages } from "../../src/lib/documents/text";
import { asRole } from "../unit/db/harness";
import { scriptedV2 } from "../fixtures/comparePair";
import { uploadDocument } from "./fixtures/cuad";
import { FULL } from "./fixtures/sites";
import type { FakeAccount } from "./fixtures/supabase";
import { otherDevice, rowCount, signInToWorkspace, useSupabaseWorkspace } from "./fixtures/supabaseWorkspace";
import { READ, card, workspaceContext } from "./fixtures/workspace";
import { expect, test } from "./fixtures/test";

// Versions of a document (issue 45) kept in the firm's Supabase: the full build against the fake Supabase, whose data
// API runs every request on PGlite with the project's migrations as the signed-in user. A contract and its scripted v2
// (tests/fixtures/scriptedEdits.ts; the contract is a CUAD one, CC BY 4.0, The Atticus Project) uploaded as its new
// version on one device are two documents rows, the v2's naming the v1 (version_of, version 2); a second device of
// the same user shows v1 and v2 and compares them; a colleague of Ada's firm walled out of the case, and a user of
// another firm, cannot open the comparison.
test.use({ baseURL: FULL, ...workspaceContext });
// Uploading and reading two contracts, then two more browsers, on a shared two-core machine.
test.describe.configure({ timeout: 150_000 });

const ADA: FakeAccount = { id: "3c9e1f2a-7b4d-4a6e-8f1c-2d3e4f5a6b7c", email: "ada@example.com", password: "analytical", fullName: "Ada Lovelace" };
const BOB: FakeAccount = { id: "8a7b6c5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d", email: "bob@example.com", password: "reggae-1945", fullName: "Bob Marley" };
const CAROL: FakeAccount = { id: "5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a", email: "carol@example.com", password: "clerk-of-court", fullName: "Carol Clerk" };
const KYPRIANOU = "Kyprianou v. Limassol Marine Services";
const V1 = "Smaaash franchise agreement";
const V2 = "Smaaash franchise agreement v2";
const { v1, v2 } = scriptedV2();

const database = useSupabaseWorkspace([ADA, BOB, CAROL]);

/** Whether two users are members of one firm, read straight from PGlite. */
const colleagues = async (db: PGlite, one: string, other: string) =>
  ((await db.query("select 1 from public.firm_members as a join public.firm_members as b using (firm_id) where a.user_id = $1 and b.user_id = $2", [one, other])).rows.length) > 0;

/**
 * Carol joins Ada's firm by an invite of Ada's (the firm's own functions, as each of them). The firms outlive the
 * spec's emptied tables, so a repeat finds her there already.
 */
async function joinAdasFirm(db: PGlite) {
  await db.query("insert into auth.users (id, email, raw_user_meta_data) values ($1, $2, $3) on conflict (id) do nothing", [CAROL.id, CAROL.email, JSON.stringify({ full_name: CAROL.fullName })]);
  if (await colleagues(db, ADA.id, CAROL.id)) return;
  const token = (await asRole(db, "authenticated", ADA.id, (tx) => tx.query<{ invite: { token: string } }>("select public.create_firm_invite($1, 'member') as invite", [CAROL.email]))).rows[0]?.invite.token;
  await asRole(db, "authenticated", CAROL.id, (tx) => tx.query("select public.accept_firm_invite($1, public.current_firm())", [token]));
}

test("a contract's v2 uploaded as its new version on one device is v2 on another, which compares the two; a walled-out colleague and another user cannot open the comparison", async ({ page, browser }) => {
  const db = database();
  await signInToWorkspace(page, ADA, db);
  await page.goto("/dash/uploads");
  await uploadDocument(page, { name: `${V1}.txt`, mimeType: "text/plain", buffer: Buffer.from(v1) }, KYPRIANOU, V1);
  await page.getByRole("main").getByRole("listitem", { name: V1, exact: true }).getByRole("link", { name: "Upload a new version" }).click();
  await expect(page.getByText(`The next file is uploaded as v2 of ${V1}.`)).toBeVisible();
  await page.getByLabel("Choose File").setInputFiles({ name: `${V2}.txt`, mimeType: "text/plain", buffer: Buffer.from(v2) });
  await page.getByRole("button", { name: "Upload Document" }).click();
  await expect(page.getByRole("main").getByRole("listitem", { name: V2, exact: true })).toContainText("Indexed", READ);

  // In the project: the v2's row names the v1 as the version before it; both versions' pages are there.
  const v1Id = (await db.query<{ id: string }>("select id from public.documents where owner_id = $1 and title = $2", [ADA.id, V1])).rows[0]?.id;
  expect(v1Id).toBeTruthy();
  await expect.poll(() => rowCount(db, "documents", "owner_id = $1 and title = $2 and version_of = $3 and version = 2", [ADA.id, V2, v1Id]), READ).toBe(1);
  const pages = textPages(v1).length + textPages(v2).length;
  await expect.poll(() => rowCount(db, "document_pages", "owner_id = $1 and document_id in (select id from public.documents where sample is null)", [ADA.id]), READ).toBe(pages);

  // A second device of the same user: v1 and v2 on the cards, and Compare with v1 gives the scripted edits' counts.
  const problems: string[] = [];
  const second = await otherDevice(browser, ADA, db, problems);
  await second.goto("/dash/files");
  await expect(card(second, V1).getByText("v1", { exact: true })).toBeVisible(READ);
  await expect(card(second, V2).getByText("v2", { exact: true })).toBeVisible();
  await card(second, V2).getByRole("link", { name: "Compare with v1" }).click();
  await expect(second.getByRole("heading", { level: 2, name: "2 clauses changed, 1 added, 1 removed, 1 moved" })).toBeVisible({ timeout: 60_000 });
  const address = second.url();
  await second.context().close();

  await test.step("a colleague of the firm opens the comparison while the case is the firm's; walled out of it, she is told she cannot, and sees none of its text", async () => {
    await joinAdasFirm(db);
    expect(await colleagues(db, ADA.id, CAROL.id)).toBe(true);
    const sharing = (value: "firm" | "members") =>
      asRole(db, "authenticated", ADA.id, (tx) => tx.query("update public.cases set sharing = $3 where owner_id = $1 and title = $2", [ADA.id, KYPRIANOU, value]));
    expect((await sharing("firm")).affectedRows).toBe(1);
    const carol = await otherDevice(browser, CAROL, db, problems);
    await carol.goto(address.replace(FULL, ""));
    await expect(carol.getByRole("heading", { level: 2, name: "2 clauses changed, 1 added, 1 removed, 1 moved" })).toBeVisible({ timeout: 60_000 });
    // Ada walls the case to its members (herself alone): Carol stays in the firm, off the wall. Her tab shows the
    // comparison until the workspace reads the server again (back in view), then says it cannot be opened.
    expect((await sharing("members")).affectedRows).toBe(1);
    expect(await rowCount(db, "case_members", "user_id = $1", [CAROL.id])).toBe(0);
    await carol.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect(carol.getByText("One of these documents is not in your workspace, or you cannot open it.")).toBeVisible(READ);
    await expect(carol.getByRole("list", { name: "Changes" })).toHaveCount(0);
    const shown = await carol.getByRole("main").innerText();
    for (const words of ["New York", "Delaware", "Force Majeure", V1]) expect(shown).not.toContain(words);
    await carol.context().close();
  });

  // Another user, given the comparison's address: neither version is theirs to open.
  const bob = await otherDevice(browser, BOB, db, problems);
  await bob.goto(address.replace(FULL, ""));
  await expect(bob.getByText("One of these documents is not in your workspace, or you cannot open it.")).toBeVisible(READ);
  await expect(bob.getByRole("list", { name: "Changes" })).toHaveCount(0);
  await bob.context().close();
  expect(problems).toEqual([]);
});
