import { describe, expect, it } from "vitest";
import { backupKeyFor, featureKey, removeUserKeys } from "./browserStorage";
import { MemoryStorage } from "../../../tests/fixtures/fakeBrowser";

describe("removeUserKeys (Sign Out: also remove this browser's copy)", () => {
  const ada = "0b6f3c1e-5d1a-4c36-9a57-1f0f8f1f7a11";
  const journal = `paphos-ai:sync-journal:${ada}`;

  it.each([
    ["a feature's records", featureKey(ada, "cases"), true],
    ["a shard of messages", `${featureKey(ada, "messages")}/shard/conv-1`, true],
    ["a copy of an unreadable value", backupKeyFor(featureKey(ada, "knowledge"), new Date("2026-11-27T10:00:00Z")), true],
    ["the sync journal named", journal, true],
    ["another user's records", featureKey("5c1d9b8e-2f47-4e0a-8b6d-3a9e7c2d1f40", "cases"), false],
    ["a user whose id starts with hers", featureKey(`${ada}0`, "cases"), false],
    ["the demo accounts", "paphos-ai:demo-auth:accounts", false],
    ["this browser's bookings", "paphos-ai:bookings", false],
  ])("%s: removed %s", (_, key, removed) => {
    const storage = new MemoryStorage();
    storage.setItem(key, "{}");
    expect(removeUserKeys(storage, ada, [journal])).toEqual(removed ? [key] : []);
    expect(storage.getItem(key)).toBe(removed ? null : "{}");
  });

  it("leaves storage it cannot read as it is, and needs none", () => {
    const storage = new MemoryStorage();
    storage.setItem(featureKey(ada, "cases"), "{}");
    storage.failReads = true;
    expect(removeUserKeys(storage, ada, [journal])).toEqual([]);
    expect(removeUserKeys(null, ada)).toEqual([]);
  });
});
