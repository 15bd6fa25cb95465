import { describe, expect, it } from "vitest";
import { draftFor, randomId } from "./messageId";

describe("randomId", () => {
  const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  it("is a random UUID v4, from randomUUID or, without it, from getRandomValues", () => {
    expect(randomId()).toMatch(UUID_V4);
    expect(randomId()).not.toBe(randomId());
    const fallback = randomId({ getRandomValues: crypto.getRandomValues.bind(crypto) });
    expect(fallback).toMatch(UUID_V4);
  });
});

describe("draftFor", () => {
  const ids = () => {
    let n = 0;
    return () => `id-${(n += 1)}`;
  };

  it("keeps the id while the content is the same and makes a new one when it changes", () => {
    const newId = ids();
    const first = draftFor(null, { name: "Maria", message: "Hello" }, newId);
    expect(first.id).toBe("id-1");
    expect(draftFor(first, { name: "Maria", message: "Hello" }, newId)).toBe(first);
    const changed = draftFor(first, { name: "Maria", message: "Hello!" }, newId);
    expect(changed.id).toBe("id-2");
    expect(draftFor(changed, { name: "Maria", message: "Hello!" }, newId).id).toBe("id-2");
  });
});
