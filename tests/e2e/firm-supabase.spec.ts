import type { PGlite } from "@electric-sql/pglite";
import type { Browser, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./fixtures/axe";
import { answers, ask, sidebar } from "./fixtures/chat";
import { uploadDocument } from "./fixtures/cuad";
import { hydrated } from "./fixtures/islands";
import { submitSignIn } from "./fixtures/login";
import type { FakeServer } from "./fixtures/server";
import { FULL } from "./fixtures/sites";
import { SERVICE_ROLE_KEY } from "./fixtures/bookingFunction";
import { ANON_KEY, type FakeAccount } from "./fixtures/supabase";
import { allowMigrating, otherDevice, signInToWorkspace, startSupabaseWorkspace, type SupabaseWorkspace } from "./fixtures/supabaseWorkspace";
import { READ, card, tinyPdf, workspaceContext } from "./fixtures/workspace";
import { expect, test } from "./fixtures/test";
import { asRole } from "../unit/db/harness";
import { REFRESH_MS } from "../../src/lib/sync/session";

// The firm on Supabase (issue 33): the full build against the fake Supabase, whose data API runs every request on
// PGlite with the project's migrations as the signed-in user, so row-level security decides what each person sees.
// Ada (admin) and Bob (member) are one firm; Carol joins it by Ada's invite link; Dan has a firm of his own.
test.use({ baseURL: FULL, ...workspaceContext });
// Four browsers, two uploads read and several answers on a shared two-core machine.
test.describe.configure({ timeout: 240_000 });

const ADA: FakeAccount = { id: "1a2b3c4d-0000-4000-8000-00000000000a", email: "ada@lovelace.test", password: "analytical", fullName: "Ada Lovelace" };
const BOB: FakeAccount = { id: "1a2b3c4d-0000-4000-8000-00000000000b", email: "bob@lovelace.test", password: "reggae-1945", fullName: "Bob Byron" };
const CAROL: FakeAccount = { id: "1a2b3c4d-0000-4000-8000-00000000000c", email: "carol@lovelace.test", password: "clerk-of-court", fullName: "Carol Clerk" };
const DAN: FakeAccount = { id: "1a2b3c4d-0000-4000-8000-00000000000d", email: "dan@other.test", password: "elsewhere", fullName: "Dan Other" };
const FIRM = "Ada Lovelace's firm";
const OPEN_CASE = "Kyrenia supply dispute";
const WALLED_CASE = "Limassol settlement";
const OPEN_DOC = "Kyrenia memo";
const WALLED_DOC = "Limassol memo";
// One short line each: the test PDF's page is 320 points wide.
const OPEN_TEXT = "Kyrenia liability cap: 2 million.";
const WALLED_TEXT = "Limassol settlement: 400,000.";

let workspace: SupabaseWorkspace;
let db: PGlite;
let server: FakeServer;

test.beforeAll(async () => {
  allowMigrating();
  workspace = await startSupabaseWorkspace([ADA, BOB, CAROL, DAN]);
  ({ db, server } = workspace);
  // Each account is a user of the auth server (its sign-up made a firm of one); Bob accepted an invite of Ada's.
  for (const account of [ADA, BOB, CAROL, DAN]) {
    await db.query("insert into auth.users (id, email, raw_user_meta_data) values ($1, $2, $3)", [account.id, account.email, JSON.stringify({ full_name: account.fullName })]);
  }
  const as = <T,>(user: string, sql: string, params: unknown[]) => asRole(db, "authenticated", user, async (tx) => (await tx.query<T>(sql, params)).rows);
  const [made] = await as<{ invite: { token: string } }>(ADA.id, "select public.create_firm_invite($1) as invite", [BOB.email]);
  await as(BOB.id, "select public.accept_firm_invite($1, public.current_firm(), true)", [made!.invite.token]);
});
test.afterAll(async () => {
  await server?.close();
  await db?.close();
});

/** A browser of its own for `account`, signed in to the workspace; its console errors and uncaught errors are kept. */
const person = (browser: Browser, account: FakeAccount, problems: string[], signIn = true): Promise<Page> => otherDevice(browser, account, signIn ? db : null, problems);

/** A new case from the Cases screen, shared with the firm or walled to its creator. */
async function newCase(page: Page, title: string, docket: string, sharing: "Everyone in the firm" | "Only me, and the members I add") {
  await sidebar(page).getByRole("link", { name: "Cases" }).click();
  await page.getByRole("button", { name: "New Case" }).click();
  const dialog = page.getByRole("dialog", { name: "New Case" });
  await dialog.getByLabel("Case Title").fill(title);
  await dialog.getByLabel("Docket Number").fill(docket);
  await dialog.getByRole("radio", { name: sharing }).check();
  await dialog.getByRole("button", { name: "Create Case" }).click();
  await expect(card(page, title)).toBeVisible();
}

/** Uploads a one-page PDF under a case and waits until it is Indexed. */
async function upload(page: Page, caseTitle: string, title: string, text: string) {
  await sidebar(page).getByRole("link", { name: "Uploads" }).click();
  await uploadDocument(page, { name: `${title}.pdf`, mimeType: "application/pdf", buffer: tinyPdf(text) }, caseTitle, title);
}

/** Asks in a new chat with the Firm scope; resolves with the answer once it is written. */
async function askTheFirm(page: Page, question: string) {
  await sidebar(page).getByRole("button", { name: "New Chat" }).click();
  await expect(page.getByRole("heading", { name: "How can I help you today?" })).toBeVisible();
  await page.getByRole("combobox", { name: "Scope" }).selectOption("firm");
  await ask(page, question);
  const answer = answers(page).last();
  await expect(answer).toContainText(/^(I found|No |I couldn)/, READ);
  return answer;
}

/**
 * Sooner than the workspace's periodic read (every 30 s): what a screen opened by URL lists must come with the read
 * it makes as it opens, also on a new member's very first visit.
 */
const FIRST_READ = { timeout: REFRESH_MS - 10_000 };

/**
 * What a person's Cases and Files screens list, once the workspace has read the server: `shown` are titles that must
 * arrive (the firm's records come with the first read), `gone` titles that must leave (a removed member's).
 */
async function listed(page: Page, { shown = [], gone = [] }: { shown?: string[]; gone?: string[] } = {}): Promise<{ cases: string[]; files: string[] }> {
  const titles = async (path: string, list: ReturnType<Page["getByRole"]>) => {
    await page.goto(path);
    const main = page.getByRole("main");
    // A list of cards, or the screen's empty state (a removed member may have nothing left).
    await expect(list.or(main.getByText(/^No (cases|documents) found$/))).toBeVisible(READ);
    for (const title of shown) if (title.endsWith("memo") === path.endsWith("files")) await expect(list).toContainText(title, FIRST_READ);
    for (const title of gone) if (title.endsWith("memo") === path.endsWith("files")) await expect(main).not.toContainText(title, FIRST_READ);
    return list.getByRole("listitem").getByRole("heading", { level: 2 }).allTextContents();
  };
  const cases = await titles("/dash/cases", page.getByRole("main").getByRole("list").first());
  const files = await titles("/dash/files", page.getByRole("list", { name: "Documents" }));
  return { cases, files };
}

test("Ada invites Carol, who joins by the link and reads the firm's case; a walled case stays Ada's and Bob's; Bob, removed, loses the firm; Dan never sees it", async ({
  page,
  browser,
}) => {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`ada: ${error.message}`));
  const ada = page;
  await signInToWorkspace(ada, ADA, db);

  await test.step("Ada makes a firm-wide case with a document, and a case walled to herself and Bob", async () => {
    await newCase(ada, OPEN_CASE, "KY-1/2026", "Everyone in the firm");
    await upload(ada, OPEN_CASE, OPEN_DOC, OPEN_TEXT);
    await newCase(ada, WALLED_CASE, "LI-2/2026", "Only me, and the members I add");
    await upload(ada, WALLED_CASE, WALLED_DOC, WALLED_TEXT);
    await sidebar(ada).getByRole("link", { name: "Cases" }).click();
    const walled = card(ada, WALLED_CASE);
    await expect(walled).toContainText("Visible to: Only its members");
    await walled.getByRole("button", { name: `Access to ${WALLED_CASE}` }).click();
    const access = ada.getByRole("dialog", { name: "Case Access" });
    await expect(access.getByRole("checkbox", { name: /Ada Lovelace/ })).toBeDisabled();
    await access.getByRole("checkbox", { name: "Bob Byron" }).check();
    // Strict walls, said where the members are chosen (and read with the Members group), only while the case is walled.
    const wallNote = "Anyone not on this list loses the case and all its documents, including documents they uploaded themselves.";
    await expect(access.getByRole("group", { name: "Members" })).toHaveAccessibleDescription(wallNote);
    await access.getByRole("radio", { name: "Everyone in the firm" }).check();
    await expect(access.getByText(wallNote)).toBeHidden();
    await access.getByRole("radio", { name: "Only these members" }).check();
    await expect(access.getByText(wallNote)).toBeVisible();
    await expectNoAxeViolations(ada, "case access dialog: ");
    await access.getByRole("button", { name: "Save Access" }).click();
    await expect(access).toBeHidden();
    const team = walled.getByRole("list", { name: `Members of ${WALLED_CASE}` }).getByRole("button");
    await expect(team).toHaveCount(2);
    await expect(team.nth(0)).toHaveAccessibleName("Ada Lovelace");
    await expect(team.nth(1)).toHaveAccessibleName("Bob Byron");
    await expect(team.nth(1)).toHaveText(/^BB/);
    // The name shows on focus, for keyboard users, as on hover.
    await team.nth(1).focus();
    await expect(team.nth(1).getByText("Bob Byron")).toBeVisible();
    await expect.poll(async () => (await db.query("select members from public.cases where title = $1", [WALLED_CASE])).rows).toEqual([{ members: 2 }]);
  });

  let link = "";
  await test.step("Ada invites Carol from Settings and copies the link", async () => {
    await sidebar(ada).getByRole("link", { name: "Settings" }).click();
    const firm = ada.getByRole("region", { name: "Firm Information" });
    await expect(firm.getByLabel("Firm Name")).toHaveValue(FIRM);
    await expect(firm.getByRole("list", { name: "Members (2)" }).getByRole("listitem")).toHaveCount(2);
    await firm.getByRole("button", { name: "Invite Member" }).click();
    const dialog = ada.getByRole("dialog", { name: "Invite Member" });
    await dialog.getByLabel("Email Address").fill("not an address");
    await dialog.getByRole("button", { name: "Create Invite" }).click();
    await expect(dialog.getByLabel("Email Address")).toHaveAccessibleDescription("Enter a valid e-mail address.");
    await dialog.getByLabel("Email Address").fill(CAROL.email);
    await expectNoAxeViolations(ada, "invite dialog: ");
    await dialog.getByRole("button", { name: "Create Invite" }).click();
    const shown = ada.getByRole("dialog", { name: "Invite Link" });
    link = await shown.getByLabel("Invite link").inputValue();
    expect(link).toMatch(new RegExp(`^${FULL}/login#invite=[0-9a-f]{64}$`));
    // The project sends e-mail: the invite Edge Function had Auth e-mail Carol a sign-in link to the same page.
    await expect(shown).toContainText(`The invite was e-mailed to ${CAROL.email}.`);
    expect(workspace.fake.sentEmails).toEqual([{ kind: "magiclink", email: CAROL.email, redirectTo: link }]);
    await expectNoAxeViolations(ada, "invite link dialog: ");
    await shown.getByRole("button", { name: "Done" }).click();
    await expect(firm.getByRole("region", { name: "Pending Invites" })).toContainText(CAROL.email);
    // Only the token's hash is in the database.
    expect(JSON.stringify((await db.query("select * from public.firm_invites")).rows)).not.toContain(link.split("=")[1]);
  });

  const carol = await person(browser, CAROL, problems, false);
  await test.step("Carol opens the link, signs in, joins the firm, and reads the firm-wide case and its document", async () => {
    await carol.goto(link);
    await expect(carol.getByRole("status").filter({ hasText: "You are invited" })).toHaveText(
      `You are invited to join ${FIRM} as a member by Ada Lovelace. Sign in or create an account with ${CAROL.email} to decide.`,
    );
    // The token leaves the address bar at once.
    expect(carol.url()).toBe(`${FULL}/login`);
    await hydrated(carol);
    await submitSignIn(carol, CAROL.email, CAROL.password);
    // Signed in, nothing happens until Carol chooses (tests/e2e/firm-invite-supabase.spec.ts: Decline, and what moves).
    const decision = carol.getByRole("dialog", { name: "Firm invite" });
    await expect(decision).toContainText(`Join ${FIRM}, invited by Ada Lovelace. You will leave Carol Clerk's firm.`);
    await decision.getByRole("button", { name: "Join" }).click();
    await expect(carol).toHaveURL(`${FULL}/dash`, { timeout: 15_000 });
    await expect.poll(async () => (await db.query("select role from public.firm_members where user_id = $1", [CAROL.id])).rows).toEqual([{ role: "member" }]);
    const seen = await listed(carol, { shown: [OPEN_CASE, OPEN_DOC] });
    expect(seen.cases).toContain(OPEN_CASE);
    expect(seen.cases).not.toContain(WALLED_CASE);
    expect(seen.files).toContain(OPEN_DOC);
    expect(seen.files).not.toContain(WALLED_DOC);
  });

  await test.step("Carol's Firm-scope question cites Ada's document, and the citation opens it from the bucket", async () => {
    const answer = await askTheFirm(carol, "What is the Kyrenia liability cap?");
    await expect(answer).toContainText(OPEN_TEXT.slice(0, -1));
    await answer.getByRole("button", { name: new RegExp(`^\\[1\\] ${OPEN_DOC}, page 1$`) }).click();
    const viewer = carol.getByRole("dialog", { name: OPEN_DOC });
    await expect(viewer.getByText("Page 1 of 1")).toBeVisible(READ);
    await carol.keyboard.press("Escape");
    // The walled document is never an answer, even asked about by its own words.
    const walled = await askTheFirm(carol, "What is the Limassol settlement?");
    await expect(walled).not.toContainText("400,000");
    await expect(walled).not.toContainText(WALLED_DOC);
  });

  const bob = await person(browser, BOB, problems);
  await test.step("Bob, on the wall, reads the walled case; removed by Ada, his next refresh drops the firm's records", async () => {
    const before = await listed(bob, { shown: [OPEN_CASE, WALLED_CASE, OPEN_DOC, WALLED_DOC] });
    expect(before.cases).toEqual(expect.arrayContaining([OPEN_CASE, WALLED_CASE]));
    expect(before.files).toEqual(expect.arrayContaining([OPEN_DOC, WALLED_DOC]));

    await ada.goto("/dash/settings");
    const firm = ada.getByRole("region", { name: "Firm Information" });
    await firm.getByRole("button", { name: "Remove Bob Byron" }).click();
    const confirm = ada.getByRole("dialog", { name: "Remove this member?" });
    await expect(confirm).toContainText("Bob Byron will lose access to the firm's cases, documents and knowledge at once.");
    await expectNoAxeViolations(ada, "remove member dialog: ");
    await confirm.getByRole("button", { name: "Remove Member" }).click();
    await expect(firm.getByRole("list", { name: "Members (2)" })).not.toContainText("Bob Byron");

    const after = await listed(bob, { gone: [OPEN_CASE, WALLED_CASE, OPEN_DOC, WALLED_DOC] });
    expect(after.cases).not.toContain(OPEN_CASE);
    expect(after.cases).not.toContain(WALLED_CASE);
    expect(after.files).not.toContain(OPEN_DOC);
    expect(after.files).not.toContain(WALLED_DOC);
  });

  await test.step("Dan, of another firm, sees nothing of Ada's firm anywhere", async () => {
    const dan = await person(browser, DAN, problems);
    const seen = await listed(dan);
    for (const title of [OPEN_CASE, WALLED_CASE]) expect(seen.cases).not.toContain(title);
    for (const title of [OPEN_DOC, WALLED_DOC]) expect(seen.files).not.toContain(title);
    const answer = await askTheFirm(dan, "What is the Kyrenia liability cap?");
    await expect(answer).not.toContainText("2 million");
    await dan.goto("/dash/settings");
    await expect(dan.getByRole("region", { name: "Firm Information" }).getByLabel("Firm Name")).toHaveValue("Dan Other's firm");
  });

  await test.step("every request from a browser carried the anon key, and only the anon key or a signed-in user's own token", async () => {
    const tokens = workspace.fake.tokens;
    // The service key is the invite Edge Function's, on the server: it reached Auth's e-mail endpoint and nothing else.
    const fromFunction = server.requests.filter((r) => r.headers.apikey === SERVICE_ROLE_KEY);
    expect(fromFunction.map((r) => r.path)).toEqual(["/auth/v1/invite", "/auth/v1/magiclink"]);
    const data = server.requests.filter((r) => !r.path.startsWith("/storage/v1/object/sign/") && !fromFunction.includes(r));
    expect(data.length).toBeGreaterThan(50);
    for (const request of data) {
      const bearer = String(request.headers.authorization ?? "").replace(/^Bearer /, "");
      expect(bearer === "" || bearer === ANON_KEY || tokens.has(bearer), `${request.method} ${request.path}`).toBe(true);
      if (!request.path.startsWith("/storage/")) expect(request.headers.apikey, `${request.method} ${request.path}`).toBe(ANON_KEY);
    }
  });
  expect(problems).toEqual([]);
});
