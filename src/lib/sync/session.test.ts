import "fake-indexeddb/auto";
import { atom } from "nanostores";
import { describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../../../tests/fixtures/fakeBrowser";
import { casesFeature } from "../../stores/dash/cases";
import { persisted } from "../dash/persisted";
import { createWorkspace } from "../dash/workspace";
import { openOutbox, type Change } from "./outbox";
import { createJournal, openSyncSession, type SyncApi, type SyncSession } from "./session";

const upsert = (id: string): Change => ({ table: "cases", op: "upsert", key: { id }, row: { id } });

describe("the journal", () => {
  it("keeps changes synchronously until the outbox has them", () => {
    const storage = new MemoryStorage();
    const journal = createJournal(storage, "j");
    const first = journal.write([upsert("a")]);
    journal.write([upsert("b")]);
    expect(journal.pending()).toEqual([upsert("a"), upsert("b")]);
    first();
    expect(journal.pending()).toEqual([upsert("b")]);
    journal.clear();
    expect(storage.getItem("j")).toBeNull();
    expect(createJournal(null, "j").pending()).toEqual([]);
  });

  it("hands a closed page's changes to the outbox when the session opens again", async () => {
    const storage = new MemoryStorage();
    createJournal(storage, "paphos-ai:sync-journal:carol").write([upsert("left-behind")]);
    const api = { send: vi.fn(async () => ({ kind: "retry" as const, reason: "offline" })) } as unknown as SyncApi;
    const session = await openSyncSession("carol", api, { storage });
    expect(storage.getItem("paphos-ai:sync-journal:carol")).toBeNull();
    session.stop();
    await vi.waitFor(async () => {
      const outbox = await openOutbox("carol");
      expect((await outbox.take(10)).map((q) => q.change)).toEqual([upsert("left-behind")]);
      outbox.close();
    });
  });
});

describe("reading the server when the page comes back", () => {
  it("reads nothing twice for a focus while a read is under way, and reads again for a later one", async () => {
    const win = new EventTarget();
    let answer = () => undefined as void;
    const select = vi.fn(
      () =>
        new Promise<{ ok: true; rows: [] }>((resolve) => {
          answer = () => resolve({ ok: true, rows: [] });
        }),
    );
    const api = { reader: { select }, send: vi.fn(async () => ({ kind: "retry" as const, reason: "offline" })) } as unknown as SyncApi;
    const workspace = createWorkspace({
      features: [persisted(atom(casesFeature.samples()), casesFeature)],
      storage: new MemoryStorage(),
      openSync: (id) => openSyncSession(id, api, { win, refreshMs: 3_600_000 }),
    });
    await workspace.open("dora");
    await vi.waitFor(() => expect(select).toHaveBeenCalledTimes(1));
    // The focus a page gets once it has loaded arrives while the opening read is under way.
    win.dispatchEvent(new Event("focus"));
    answer();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(select).toHaveBeenCalledTimes(1);
    // Coming back later reads the server again.
    win.dispatchEvent(new Event("focus"));
    await vi.waitFor(() => expect(select).toHaveBeenCalledTimes(2));
    answer();
    workspace.close();
  });

  it("reads nothing twice for a focus while a read asked for (joining a firm) is under way", async () => {
    const win = new EventTarget();
    const answers: (() => void)[] = [];
    const select = vi.fn(() => new Promise<{ ok: true; rows: [] }>((resolve) => answers.push(() => resolve({ ok: true, rows: [] }))));
    const api = { reader: { select }, send: vi.fn(async () => ({ kind: "retry" as const, reason: "offline" })) } as unknown as SyncApi;
    let opened: Promise<SyncSession> | undefined;
    const workspace = createWorkspace({
      features: [persisted(atom(casesFeature.samples()), casesFeature)],
      storage: new MemoryStorage(),
      openSync: (id) => (opened = openSyncSession(id, api, { win, refreshMs: 3_600_000 })),
    });
    await workspace.open("flo");
    const session = await opened!;
    await vi.waitFor(() => expect(select).toHaveBeenCalled());
    const opening = select.mock.calls.length;
    for (const answer of answers.splice(0)) answer();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const asked = session.refresh();
    await vi.waitFor(() => expect(select).toHaveBeenCalledTimes(opening * 2));
    win.dispatchEvent(new Event("focus"));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(select).toHaveBeenCalledTimes(opening * 2);
    for (const answer of answers.splice(0)) answer();
    await expect(asked).resolves.toBe(true);
    // Once it is read, a focus reads again.
    win.dispatchEvent(new Event("focus"));
    await vi.waitFor(() => expect(select).toHaveBeenCalledTimes(opening * 3));
    for (const answer of answers.splice(0)) answer();
    workspace.close();
  });
});

describe("pages the server has not confirmed", () => {
  it("names the documents whose pages wait in the outbox, until the server takes them", async () => {
    const page = (docId: string, n: number): Change => ({
      table: "document_pages",
      op: "upsert",
      key: { document_id: docId, page_number: n },
      row: { document_id: docId, page_number: n, text: "Governed by the laws of Cyprus.", source: "text" },
    });
    let up = false;
    const send = vi.fn(async (changes: Change[]) =>
      up ? { kind: "answered" as const, results: changes.map(() => ({ ok: true as const })) } : { kind: "retry" as const, reason: "503" },
    );
    const select = vi.fn(async () => ({ ok: true as const, rows: [] }));
    const api = { reader: { select }, send } as unknown as SyncApi;
    const win = new EventTarget();
    const session = await openSyncSession("eve", api, { win, refreshMs: 3_600_000 });
    session.start();
    await session.queue([page("doc-1", 1), page("doc-1", 2), page("doc-2", 1), upsert("case-1")]);
    await vi.waitFor(() => expect(send).toHaveBeenCalled());
    // The server refused the batch: both documents' pages still wait, and nothing else is named.
    expect(await session.unsentPages()).toEqual(new Set(["doc-1", "doc-2"]));
    // Read once while the outbox stays as it is (a Review asks for every cell), again once it changes.
    expect(session.unsentPages()).toBe(session.unsentPages());
    await session.queue([page("doc-3", 1)]);
    expect(await session.unsentPages()).toEqual(new Set(["doc-1", "doc-2", "doc-3"]));
    // Back: the browser is online again and the outbox is sent.
    up = true;
    win.dispatchEvent(new Event("online"));
    await vi.waitFor(async () => expect(await session.unsentPages()).toEqual(new Set()));
    session.stop();
  });
});
