import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { deleteOutbox, openOutbox, recordId, type Change } from "./outbox";

const upsert = (id: string, title: string): Change => ({ table: "cases", op: "upsert", key: { id }, row: { id, title } });

describe("the outbox", () => {
  it("names a record by its table and key, whatever the key's column order", () => {
    expect(recordId("messages", { id: "m1", conversation_id: "c1" })).toBe(recordId("messages", { conversation_id: "c1", id: "m1" }));
    expect(recordId("messages", { id: "m1", conversation_id: "c1" })).not.toBe(recordId("messages", { id: "m1", conversation_id: "c2" }));
  });

  it("keeps only the latest change of each record, oldest record first, and keeps them across a reopen", async () => {
    const outbox = await openOutbox("ada");
    await outbox.put([upsert("a", "A1"), upsert("b", "B1")]);
    await outbox.put([upsert("a", "A2")]);
    await outbox.put([{ table: "cases", op: "delete", key: { id: "b" } }]);
    expect(await outbox.count()).toBe(2);
    expect((await outbox.take(10)).map((q) => q.change)).toEqual([upsert("a", "A2"), { table: "cases", op: "delete", key: { id: "b" } }]);
    expect((await outbox.take(1)).map((q) => q.change)).toEqual([upsert("a", "A2")]);
    outbox.close();

    const again = await openOutbox("ada");
    expect(await again.count()).toBe(2);
    await again.put([upsert("c", "C1")]);
    expect((await again.take(10)).map((q) => q.change.key)).toEqual([{ id: "a" }, { id: "b" }, { id: "c" }]);
    again.close();
    await deleteOutbox("ada");
  });

  it("merges two upserts of one record, column by column, and lets a delete replace them", async () => {
    const outbox = await openOutbox("erin");
    const prefs = (row: Record<string, unknown>): Change => ({ table: "preferences", op: "upsert", key: {}, row });
    await outbox.put([prefs({ default_scope: "kb", compact_mode: true })]);
    await outbox.put([prefs({ sidebar_collapsed: true, compact_mode: false })]);
    expect((await outbox.take(10)).map((q) => q.change)).toEqual([prefs({ default_scope: "kb", compact_mode: false, sidebar_collapsed: true })]);
    await outbox.put([{ table: "preferences", op: "delete", key: {} }]);
    expect((await outbox.take(10)).map((q) => q.change.op)).toEqual(["delete"]);
    outbox.close();
  });

  it("forgets what was sent, but not a record changed again while it was on its way", async () => {
    const outbox = await openOutbox("bob");
    await outbox.put([upsert("a", "A1"), upsert("b", "B1")]);
    const sent = await outbox.take(10);
    await outbox.put([upsert("a", "A2")]);
    await outbox.done(sent);
    expect((await outbox.take(10)).map((q) => q.change)).toEqual([upsert("a", "A2")]);
    outbox.close();
  });

  it("names the records of one table that wait, by their keys, until they are sent", async () => {
    const outbox = await openOutbox("fay");
    const page = (docId: string, n: number): Change => ({
      table: "document_pages",
      op: "upsert",
      key: { document_id: docId, page_number: n },
      row: { document_id: docId, page_number: n, text: "x" },
    });
    await outbox.put([upsert("a", "A"), page("d1", 1), page("d1", 2), page("d2", 1), { table: "documents", op: "delete", key: { id: "d3" } }]);
    expect(await outbox.waitingKeys("document_pages")).toEqual(
      expect.arrayContaining([{ document_id: "d1", page_number: 1 }, { document_id: "d1", page_number: 2 }, { document_id: "d2", page_number: 1 }]),
    );
    expect(await outbox.waitingKeys("document_pages")).toHaveLength(3);
    expect(await outbox.waitingKeys("documents")).toEqual([{ id: "d3" }]);
    await outbox.done((await outbox.take(10)).filter((q) => q.change.key.document_id === "d1"));
    expect(await outbox.waitingKeys("document_pages")).toEqual([{ document_id: "d2", page_number: 1 }]);
    expect(await outbox.waitingKeys("knowledge_items")).toEqual([]);
    outbox.close();
  });

  it("is each user's own, and gone once deleted", async () => {
    const carla = await openOutbox("carla");
    await carla.put([upsert("a", "A")]);
    const dan = await openOutbox("dan");
    expect(await dan.count()).toBe(0);
    carla.close();
    await deleteOutbox("carla");
    const fresh = await openOutbox("carla");
    expect(await fresh.count()).toBe(0);
    fresh.close();
    dan.close();
  });
});
