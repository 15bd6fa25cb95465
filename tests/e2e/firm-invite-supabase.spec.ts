import type { PGlite } from "@electric-sql/pglite";
import { expectNoAxeViolations } from "./fixtures/axe";
import { hydrated } from "./fixtures/islands";
import type { FakeServer } from "./fixtures/server";
import { FULL } from "./fixtures/sites";
import type { FakeAccount } from "./fixtures/supabase";
import { allowMigrating, signInToWorkspace, startSupabaseWorkspace } from "./fixtures/supabaseWorkspace";
import { workspaceContext } from "./fixtures/workspace";
import { expect, test } from "./fixtures/test";
import { asRole } from "../unit/db/harness";

// Joining a firm is a decision (issue 43): Vic, signed in, is the only member left of their firm, where Wes, a former
// colleague, left a case. Mallory, who signed up and so is admin of a firm of one, invites Vic's address. Opening the
// link asks; Decline changes nothing; Join moves only what Vic ticks, and never Wes's case. Mallory reads nothing of
// Vic's firm at any point but what Vic chose to bring.
test.use({ baseURL: FULL, ...workspaceContext });
test.describe.configure({ timeout: 120_000 });
// The one request the test makes fail: Chromium logs the aborted accept.
test.use({ allowConsoleErrors: [/net::ERR_FAILED @ \S+\/rest\/v1\/rpc\/accept_firm_invite$/] });

const VIC: FakeAccount = { id: "5e1c0000-0000-4000-8000-00000000000a", email: "vic@victim.test", password: "own-records-1", fullName: "Vic Tim" };
const MALLORY: FakeAccount = { id: "5e1c0000-0000-4000-8000-00000000000b", email: "mallory@attacker.test", password: "mail-cannon-2", fullName: "Mallory Mal" };
const WES = { id: "5e1c0000-0000-4000-8000-00000000000c", email: "wes@victim.test", fullName: "Wes Gone" };

let db: PGlite;
let server: FakeServer;
let token = "";

const as = async <T,>(user: string, sql: string, params: unknown[] = []) => asRole(db, "authenticated", user, async (tx) => (await tx.query<T>(sql, params)).rows);
const firmOf = async (user: string) => (await db.query<{ firm_id: string }>("select firm_id from public.firm_members where user_id = $1", [user])).rows[0]?.firm_id;

/** What Mallory reads, under row-level security, of what Vic and Wes made: cases, documents, pages, originals, knowledge. */
const mallorySees = async () =>
  (
    await as<{ what: string }>(
      MALLORY.id,
      `select 'case:' || title as what from public.cases where owner_id = any($1)
       union all select 'doc:' || title from public.documents where owner_id = any($1)
       union all select 'page:' || document_id from public.document_pages where owner_id = any($1)
       union all select 'file:' || name from storage.objects where owner = any($1)
       union all select 'kb:' || title from public.knowledge_items where owner_id = any($1)`,
      [[VIC.id, WES.id]],
    )
  ).map((row) => row.what);

test.beforeAll(async () => {
  allowMigrating();
  ({ db, server } = await startSupabaseWorkspace([VIC, MALLORY]));
  for (const account of [VIC, MALLORY, WES]) {
    await db.query("insert into auth.users (id, email, raw_user_meta_data) values ($1, $2, $3)", [account.id, account.email, JSON.stringify({ full_name: account.fullName })]);
  }
  // Wes joins Vic's firm, files a firm-wide case and leaves: the case stays with Vic's firm.
  const [wes] = await as<{ r: { token: string } }>(VIC.id, "select public.create_firm_invite($1) as r", [WES.email]);
  await as(WES.id, "select public.accept_firm_invite($1, public.current_firm())", [wes!.r.token]);
  await as(WES.id, "insert into public.cases (id, title, docket_no, sharing) values ('wes-case', 'Wes''s matter', 'W-1', 'firm')");
  await as(WES.id, "delete from public.firm_members where user_id = auth.uid()");
  // Vic's own firm-wide case: what Mallory would read if it came along.
  await as(VIC.id, "insert into public.cases (id, title, docket_no, sharing) values ('vic-case', 'Vic''s lease dispute', 'V-1', 'firm')");
  const [made] = await as<{ r: { token: string } }>(MALLORY.id, "select public.create_firm_invite($1) as r", [VIC.email]);
  token = made!.r.token;
});
test.afterAll(async () => {
  await server?.close();
  await db?.close();
});

test("signed in, an invite link asks Join or Decline; Decline changes nothing, Join moves only what was chosen", async ({ page }) => {
  await signInToWorkspace(page, VIC, db);
  const vicsFirm = await firmOf(VIC.id);
  const vicsCases = (await db.query("select id from public.cases where owner_id = $1", [VIC.id])).rows.length;
  const vicsDocuments = (await db.query("select id from public.documents where owner_id = $1 and case_owner_id = $1", [VIC.id])).rows.length;
  const vicsKnowledge = (await db.query("select id from public.knowledge_items where owner_id = $1", [VIC.id])).rows.length;
  expect(vicsCases).toBeGreaterThan(0);
  expect(await mallorySees()).toEqual([]);
  const dialog = page.getByRole("dialog", { name: "Firm invite" });
  const question = "Join Mallory Mal's firm, invited by Mallory Mal. You will leave Vic Tim's firm.";

  await test.step("opening the link shows the choice, and nothing is accepted meanwhile", async () => {
    await page.goto(`/login#invite=${token}`);
    await hydrated(page);
    await expect(dialog.getByText(question)).toBeVisible();
    const take = dialog.getByRole("checkbox", { name: /^Take my own records to Mallory Mal's firm/ });
    await expect(take).not.toBeChecked();
    await expect(take).toHaveAccessibleName(
      `Take my own records to Mallory Mal's firm (${String(vicsCases)} cases, ${String(vicsDocuments)} documents, ${String(vicsKnowledge)} knowledge items)`,
    );
    await expect(take).toHaveAccessibleDescription("Left unticked, they stay in Vic Tim's firm, which you will no longer open.");
    await expect(dialog.getByRole("button", { name: "Join" })).toBeVisible();
    await expectNoAxeViolations(page, "invite decision dialog: ");
    expect(await firmOf(VIC.id)).toBe(vicsFirm);
    expect((await db.query("select accepted_at from public.firm_invites where email = $1", [VIC.email])).rows).toEqual([{ accepted_at: null }]);
  });

  await test.step("Decline leaves everything as it was and goes on to the workspace", async () => {
    await dialog.getByRole("button", { name: "Decline" }).click();
    await expect(page).toHaveURL(`${FULL}/dash`);
    await expect(page.getByText("You did not join Mallory Mal's firm. Nothing was changed.")).toBeVisible();
    expect(await firmOf(VIC.id)).toBe(vicsFirm);
    expect((await db.query("select count(*)::int as n from public.cases where firm_id = $1", [vicsFirm])).rows).toEqual([{ n: vicsCases + 1 }]);
    expect(await mallorySees()).toEqual([]);
  });

  await test.step("Join with the box ticked (by keyboard), first with the network down, then moves Vic's own records only", async () => {
    await page.goto(`/login#invite=${token}`);
    await expect(dialog.getByText(question)).toBeVisible();
    const take = dialog.getByRole("checkbox", { name: /^Take my own records/ });
    await take.focus();
    await page.keyboard.press("Space");
    await expect(take).toBeChecked();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Decline" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Join" })).toBeFocused();
    // The accept does not reach the server: the dialog says so, the choice stays, and nobody has joined anything.
    await page.route("**/rest/v1/rpc/accept_firm_invite", (route) => route.abort());
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("alert")).toHaveText("The invite could not be accepted. Check your connection and open the link again.");
    await expect(take).toBeChecked();
    expect(await firmOf(VIC.id)).toBe(vicsFirm);
    await page.unroute("**/rest/v1/rpc/accept_firm_invite");
    await expect(dialog.getByRole("button", { name: "Join" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`${FULL}/dash`);
    await expect(page.getByText("You joined Mallory Mal's firm. Its shared cases and documents are yours to work on.")).toBeVisible();
    expect(await firmOf(VIC.id)).toBe(await firmOf(MALLORY.id));
    const seen = await mallorySees();
    // Vic's firm-wide case came along, as Vic chose; the samples are walled to Vic; Wes's case never moved.
    expect(seen.filter((what) => what.startsWith("case:"))).toEqual(["case:Vic's lease dispute"]);
    expect((await db.query("select firm_id from public.cases where id = 'wes-case'")).rows).toEqual([{ firm_id: vicsFirm }]);
    expect((await db.query("select count(*)::int as n from public.cases where owner_id = $1 and firm_id = $2", [VIC.id, await firmOf(MALLORY.id)])).rows).toEqual([{ n: vicsCases }]);
  });
});
