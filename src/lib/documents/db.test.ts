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
    await db.deleteDocument("d1");
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

  it("knows a write refused for lack of room", () => {
    expect(isQuotaError(new DOMException("full", "QuotaExceededError"))).toBe(true);
    expect(isQuotaError(new DOMException("no", "NotFoundError"))).toBe(false);
    expect(isQuotaError(new Error("QuotaExceededError"))).toBe(false);
  });
});
