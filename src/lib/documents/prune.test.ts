import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { openDocumentsDb } from "./db";
import { pruneDocuments } from "./prune";

const keep = (id: string) => ({ id, name: `${id}.pdf`, kind: "pdf" as const, bytes: new ArrayBuffer(2) });

describe("pruneDocuments", () => {
  it("deletes the files and pages of documents with no record, and keeps the rest", async () => {
    const db = await openDocumentsDb("prune-1");
    await db.putFile(keep("kept"));
    await db.putFile(keep("gone"));
    await db.putPages("gone", [{ number: 1, text: "Left behind.", source: "text" }]);
    expect(await pruneDocuments(db, (id) => id === "kept", () => true)).toBe(1);
    expect(await db.documentIds()).toEqual(["kept"]);
    expect(await db.getPages("gone")).toEqual([]);
  });

  it("deletes nothing once the records are no longer this database's user's", async () => {
    const db = await openDocumentsDb("prune-2");
    await db.putFile(keep("gone"));
    expect(await pruneDocuments(db, () => false, () => false)).toBe(0);
    expect(await db.documentIds()).toEqual(["gone"]);
  });
});
