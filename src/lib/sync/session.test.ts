import "fake-indexeddb/auto";
import { describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../../../tests/fixtures/fakeBrowser";
import { openOutbox, type Change } from "./outbox";
import { createJournal, openSyncSession, type SyncApi } from "./session";

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
