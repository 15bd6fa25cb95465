import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { deleteDocumentsDb, isQuotaError, openDocumentsDb } from "./db";

const page = (number: number, text: string) => ({ number, text, source: "text" as const });

describe("the documents database", () => {
  it("keeps each user's files and pages apart", async () => {
    const anna = await openDocumentsDb("anna");
    const ben = await openDocumentsDb("ben");
    await anna.putFile({ id: "d1", name: "lease.pdf", kind: "pdf", bytes: new Uint8Array([1, 2, 3]).buffer });
    await anna.putPages("d1", [page(2, "two"), page(1, "one")]);
    expect(await anna.getPages("d1")).toEqual([page(1, "one"), page(2, "two")]);
    expect(new Uint8Array((await anna.getFile("d1"))?.bytes ?? new ArrayBuffer(0))).toEqual(new Uint8Array([1, 2, 3]));
    expect(await ben.getFile("d1")).toBeUndefined();
    expect(await ben.getPages("d1")).toEqual([]);
    anna.close();
    ben.close();
  });

  it("replaces a document's pages on a re-index, and deletes bytes and pages together", async () => {
    const db = await openDocumentsDb("carla");
    await db.putFile({ id: "d1", name: "memo.txt", kind: "txt", bytes: new ArrayBuffer(4) });
    await db.putPages("d1", [page(1, "a"), page(2, "b"), page(3, "c")]);
    await db.putPages("d1", [page(1, "new")]);
    expect(await db.getPages("d1")).toEqual([page(1, "new")]);
    await db.putPages("d2", [page(1, "other")]);
    await db.putFile({ id: "d3", name: "scan.pdf", kind: "pdf", bytes: new ArrayBuffer(1) });
    expect((await db.documentIds()).sort()).toEqual(["d1", "d2", "d3"]);
    await db.deleteDocument("d1");
    expect((await db.documentIds()).sort()).toEqual(["d2", "d3"]);
    expect(await db.getFile("d1")).toBeUndefined();
    expect(await db.getPages("d1")).toEqual([]);
    expect(await db.getPages("d2")).toEqual([page(1, "other")]);
    db.close();
  });

  it("is gone after the user's workspace data is cleared", async () => {
    const db = await openDocumentsDb("dora");
    await db.putPages("d1", [page(1, "kept?")]);
    db.close();
    await deleteDocumentsDb("dora");
    const again = await openDocumentsDb("dora");
    expect(await again.getPages("d1")).toEqual([]);
    again.close();
  });

  it("keeps the search index beside the pages, upgrading a database of version 1, and steps aside for a delete", async () => {
    const { openDB } = await import("idb");
    const { documentsDbName } = await import("./dbName");
    const old = await openDB(documentsDbName("erin"), 1, {
      upgrade(database) {
        database.createObjectStore("files", { keyPath: "id" });
        database.createObjectStore("pages", { keyPath: ["docId", "number"] }).createIndex("byDoc", "docId");
      },
    });
    await old.put("pages", { docId: "d1", number: 1, text: "from before", source: "text" });
    old.close();
    const db = await openDocumentsDb("erin");
    expect(await db.getPages("d1")).toEqual([page(1, "from before")]);
    expect(await db.getSearchIndex()).toBeUndefined();
    await db.putSearchIndex('{"version":1}');
    expect(await db.getSearchIndex()).toBe('{"version":1}');
    // Left open, as the search worker's connection is: the delete still goes through.
    await deleteDocumentsDb("erin");
    const again = await openDocumentsDb("erin");
    expect(await again.getSearchIndex()).toBeUndefined();
    again.close();
  });

  it("knows a write refused for lack of room", () => {
    expect(isQuotaError(new DOMException("full", "QuotaExceededError"))).toBe(true);
    expect(isQuotaError(new DOMException("no", "NotFoundError"))).toBe(false);
    expect(isQuotaError(new Error("QuotaExceededError"))).toBe(false);
  });
});
