import "fake-indexeddb/auto";
import type { PGlite } from "@electric-sql/pglite";
import { createClient } from "@supabase/supabase-js";
import { atom } from "nanostores";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { FakeServer } from "../../e2e/fixtures/server";
import { serveDataApi } from "../../fixtures/postgrest";
import { persisted, persistedShards } from "../../../src/lib/dash/persisted";
import { MemoryStorage } from "../../fixtures/fakeBrowser";
import { createWorkspace } from "../../../src/lib/dash/workspace";
import { openOutbox } from "../../../src/lib/sync/outbox";
import { openSyncSession, type SyncApi, type SyncSession } from "../../../src/lib/sync/session";
import { createSyncApi } from "../../../src/lib/sync/supabaseApi";
import { casesFeature } from "../../../src/stores/dash/cases";
import { conversationsFeature } from "../../../src/stores/dash/conversations";
import { knowledgeFeature } from "../../../src/stores/dash/knowledge";
import { layoutFeature } from "../../../src/stores/dash/layout";
import { messagesFeature } from "../../../src/stores/dash/messages";
import { preferencesFeature } from "../../../src/stores/dash/preferences";
import { uploadsFeature } from "../../../src/stores/dash/uploads";
import type { Case } from "../../../src/lib/dash/cases";
import { asRole, migratedDb, signUp } from "./harness";

// The sync session (src/lib/sync) against the migrations on PGlite, through real supabase-js over HTTP: every
// feature's samples become a new user's rows, another device sees them and their changes, and nobody else does.
const ANON_KEY = "anon-key";
let db: PGlite;
let server: FakeServer;
let ada: string;
let bob: string;

beforeAll(async () => {
  db = await migratedDb();
  ada = await signUp(db, "ada@example.com");
  bob = await signUp(db, "bob@example.com");
  server = await serveDataApi(db, ANON_KEY);
}, 120_000);
afterAll(() => server?.close());

/**
 * One device of a user: its own atoms, localStorage and outbox database (named `<user id>-<device>`), and a sync
 * session against the server, with the token of `signedIn` (the user, unless another has signed in since).
 */
async function device(userId: string, name: string, signedIn = userId, now?: () => Date) {
  const atoms = {
    conversations: atom(conversationsFeature.samples()),
    messages: atom(messagesFeature.samples()),
    knowledge: atom(knowledgeFeature.samples()),
    cases: atom(casesFeature.samples()),
    uploads: atom(uploadsFeature.samples()),
    preferences: atom(preferencesFeature.samples()),
    layout: atom(layoutFeature.samples()),
  };
  const client = createClient(server.url, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer user:${signedIn}` } },
  });
  const api = createSyncApi(client);
  // The session names its changes' owner by its own id; the device's name only keeps the outboxes apart.
  const user = (owner: string) => owner.slice(0, -`-${name}`.length);
  const deviceApi: SyncApi = {
    ...api,
    reader: { select: (table, owner) => api.reader.select(table, user(owner)) },
    send: (changes, owner) => api.send(changes, user(owner)),
  };
  let session!: SyncSession;
  const workspace = createWorkspace({
    features: [
      persisted(atoms.conversations, conversationsFeature),
      persistedShards(atoms.messages, messagesFeature),
      persisted(atoms.knowledge, knowledgeFeature),
      persisted(atoms.cases, casesFeature),
      persisted(atoms.uploads, uploadsFeature),
      persisted(atoms.preferences, preferencesFeature),
      persisted(atoms.layout, layoutFeature),
    ],
    storage: new MemoryStorage(),
    openSync: async (id) => (session = await openSyncSession(`${id}-${name}`, deviceApi, { refreshMs: 3_600_000, ...(now ? { now } : {}) })),
  });
  await workspace.open(userId);
  await session.settled();
  return { atoms, session, workspace };
}

const count = async (table: string, owner: string) =>
  Number((await db.query<{ n: number }>(`select count(*)::int as n from public.${table} where owner_id = $1`, [owner])).rows[0]!.n);

describe("the workspace kept in Supabase", () => {
  it("makes every sample a new user's own row, once", async () => {
    const laptop = await device(ada, "laptop");
    expect(await laptop.session.refresh()).toBe(true);
    await laptop.session.settled();
    expect(await count("conversations", ada)).toBe(conversationsFeature.samples().length);
    expect(await count("messages", ada)).toBe([...messagesFeature.samples().values()].flat().length);
    expect(await count("knowledge_items", ada)).toBe(knowledgeFeature.samples().length);
    expect(await count("cases", ada)).toBe(casesFeature.samples().length);
    expect(await count("documents", ada)).toBe(uploadsFeature.samples().length);
    expect(await count("preferences", ada)).toBe(1);
    expect(laptop.session.$state.get()).toEqual({ waiting: 0, offline: false });
    // Read back on another device, the rows are the same records.
    const shown = { ...laptop.atoms };
    const tablet = await device(ada, "tablet");
    expect(await tablet.session.refresh()).toBe(true);
    for (const name of Object.keys(shown) as (keyof typeof shown)[]) expect(tablet.atoms[name].get(), name).toEqual(shown[name].get());
    tablet.workspace.close();
    laptop.workspace.close();
  });

  it("shows another device's new case and renamed conversation, and sends this one's back", async () => {
    const laptop = await device(ada, "laptop2");
    await laptop.session.refresh();
    const phone = await device(ada, "phone");
    await phone.session.refresh();

    const added: Case = { id: "case-new", title: "Marina berth dispute", docketNo: "PA-77/2026", jurisdiction: "Paphos", status: "active", updated: "2026-11-24", members: 1 };
    laptop.atoms.cases.set([added, ...laptop.atoms.cases.get()]);
    const [first, ...rest] = laptop.atoms.conversations.get();
    laptop.atoms.conversations.set([{ ...first!, title: "Renamed on the laptop", updatedAt: new Date().toISOString() }, ...rest]);
    await laptop.session.settled();

    expect(await phone.session.refresh()).toBe(true);
    expect(phone.atoms.cases.get()[0]).toEqual(added);
    expect(phone.atoms.conversations.get().find((c) => c.id === first!.id)?.title).toBe("Renamed on the laptop");

    phone.atoms.cases.set(phone.atoms.cases.get().filter((c) => c.id !== "case-new"));
    await phone.session.settled();
    await laptop.session.refresh();
    expect(laptop.atoms.cases.get().some((c) => c.id === "case-new")).toBe(false);
    laptop.workspace.close();
    phone.workspace.close();
  });

  it("shows the server's version at once when its own older edit is skipped there (last write wins)", async () => {
    const laptop = await device(ada, "laptop3");
    await laptop.session.refresh();
    // The phone's clock is an hour slow: its edits are older than the laptop's.
    const phone = await device(ada, "phone3", ada, () => new Date(Date.now() - 3_600_000));
    await phone.session.refresh();
    const rename = (atoms: typeof laptop.atoms, id: string, title: string) =>
      atoms.cases.set(atoms.cases.get().map((c) => (c.id === id ? { ...c, title } : c)));
    const id = laptop.atoms.cases.get()[0]!.id;
    rename(laptop.atoms, id, "Renamed on the laptop");
    await laptop.session.settled();
    rename(phone.atoms, id, "Renamed on the slow phone");
    await phone.session.settled();
    // Not after the next read (an hour here), but because the server said it skipped the phone's edit.
    await vi.waitFor(() => expect(phone.atoms.cases.get().find((c) => c.id === id)?.title).toBe("Renamed on the laptop"));
    expect(phone.session.$state.get()).toEqual({ waiting: 0, offline: false });
    const { rows } = await db.query("select title from public.cases where owner_id = $1 and id = $2", [ada, id]);
    expect(rows).toEqual([{ title: "Renamed on the laptop" }]);
    laptop.workspace.close();
    phone.workspace.close();
  });

  it("keeps a user's waiting changes for them when another user's token is in use (a sign-in in another tab), and sends them once they are back", async () => {
    const tables = ["conversations", "messages", "knowledge_items", "cases", "documents", "preferences"];
    const bobsRows = await Promise.all(tables.map((table) => count(table, bob)));
    const tab = await device(ada, "shared", bob);
    const added: Case = { id: "case-waiting", title: "Ada's matter, typed as Bob signed in", docketNo: "PA-78/2026", jurisdiction: "Paphos", status: "active", updated: "2026-11-27", members: 1 };
    tab.atoms.cases.set([added, ...tab.atoms.cases.get()]);
    await tab.session.settled();
    expect(await Promise.all(tables.map((table) => count(table, bob)))).toEqual(bobsRows);
    expect((await db.query("select owner_id from public.cases where id = 'case-waiting'")).rows).toEqual([]);
    tab.workspace.close();
    await vi.waitFor(async () => {
      const outbox = await openOutbox(`${ada}-shared`);
      expect((await outbox.take(1000)).some((q) => q.change.table === "cases" && q.change.key["id"] === "case-waiting")).toBe(true);
      outbox.close();
    });

    // Ada signs in again on that browser: her outbox goes, as hers.
    const back = await device(ada, "shared");
    await back.session.settled();
    await vi.waitFor(async () => expect((await db.query("select owner_id from public.cases where id = 'case-waiting'")).rows).toEqual([{ owner_id: ada }]));
    back.workspace.close();
  });

  it("gives another user none of it: their own samples only", async () => {
    const other = await device(bob, "desk");
    await other.session.refresh();
    await other.session.settled();
    expect(other.atoms.cases.get().some((c) => c.id === "case-new")).toBe(false);
    expect(await count("cases", bob)).toBe(casesFeature.samples().length);
    expect(await count("conversations", ada)).toBe(conversationsFeature.samples().length);
    other.workspace.close();
  });
});

describe("a firm's shared records through the sync", () => {
  let cyd: string;
  let eli: string;

  beforeAll(async () => {
    cyd = await signUp(db, "cyd@example.com");
    eli = await signUp(db, "eli@example.com");
    // Eli joins Cyd's firm by an invite.
    const { rows } = await asRole(db, "authenticated", cyd, (tx) =>
      tx.query<{ invite: { token: string } }>("select public.create_firm_invite('eli@example.com') as invite"),
    );
    await asRole(db, "authenticated", eli, (tx) => tx.query("select public.accept_firm_invite($1, public.current_firm(), true)", [rows[0]!.invite.token]));
  });

  const shared: Case = { id: "case-firm", title: "Firm matter", docketNo: "FM-1", jurisdiction: "Paphos", status: "active", updated: "2026-11-26", members: 1, sharing: "firm" };

  it("shows a colleague's firm-wide case as theirs, edits it in place (never a copy), and says who changed it", async () => {
    const cydDesk = await device(cyd, "desk");
    await cydDesk.session.refresh();
    cydDesk.atoms.cases.set([shared, ...cydDesk.atoms.cases.get()]);
    await cydDesk.session.settled();

    const eliDesk = await device(eli, "desk");
    await eliDesk.session.refresh();
    await eliDesk.session.settled();
    const seen = eliDesk.atoms.cases.get().filter((c) => c.id === "case-firm");
    expect(seen).toEqual([{ ...shared, owner: cyd, updatedBy: cyd }]);
    // Cyd's samples are walled to her: Eli sees only his own.
    expect(eliDesk.atoms.cases.get().filter((c) => c.owner !== undefined)).toHaveLength(1);
    // The samples' Internal knowledge is the firm's, but Cyd's copies of the samples Eli has too are left out.
    expect(await asRole(db, "authenticated", eli, async (tx) => (await tx.query("select 1 from public.knowledge_items where owner_id = $1", [cyd])).rows.length)).toBeGreaterThan(0);
    const knowledge = eliDesk.atoms.knowledge.get();
    expect(knowledge.filter((k) => k.owner !== undefined)).toEqual([]);
    expect(new Set(knowledge.map((k) => k.id)).size).toBe(knowledge.length);

    eliDesk.atoms.cases.set(eliDesk.atoms.cases.get().map((c) => (c.id === "case-firm" ? { ...c, title: "Firm matter, renamed by Eli" } : c)));
    await eliDesk.session.settled();
    expect(eliDesk.session.$state.get()).toEqual({ waiting: 0, offline: false });
    const { rows } = await db.query("select owner_id, title, updated_by from public.cases where id = 'case-firm'");
    expect(rows).toEqual([{ owner_id: cyd, title: "Firm matter, renamed by Eli", updated_by: eli }]);

    await cydDesk.session.refresh();
    expect(cydDesk.atoms.cases.get().find((c) => c.id === "case-firm")).toEqual({ ...shared, title: "Firm matter, renamed by Eli", updatedBy: eli });
    cydDesk.workspace.close();
    eliDesk.workspace.close();
  });

  it("drops what a removed member can no longer read at their next refresh, and never keeps an edit of it waiting", async () => {
    const eliDesk = await device(eli, "laptop");
    await eliDesk.session.refresh();
    await eliDesk.session.settled();
    expect(eliDesk.atoms.cases.get().some((c) => c.id === "case-firm")).toBe(true);
    await asRole(db, "authenticated", cyd, (tx) => tx.query("delete from public.firm_members where user_id = $1", [eli]));
    // An edit made before the refresh (offline, say) is refused by the server, not kept waiting.
    eliDesk.atoms.cases.set(eliDesk.atoms.cases.get().map((c) => (c.id === "case-firm" ? { ...c, title: "Too late" } : c)));
    await eliDesk.session.settled();
    expect(await eliDesk.session.refresh()).toBe(true);
    expect(eliDesk.atoms.cases.get().some((c) => c.id === "case-firm")).toBe(false);
    expect(eliDesk.session.$state.get()).toEqual({ waiting: 0, offline: false });
    expect((await db.query("select title from public.cases where id = 'case-firm'")).rows).toEqual([{ title: "Firm matter, renamed by Eli" }]);
    expect((await db.query("select count(*)::int as n from public.cases where id = 'case-firm'")).rows).toEqual([{ n: 1 }]);
    eliDesk.workspace.close();
  });
});
