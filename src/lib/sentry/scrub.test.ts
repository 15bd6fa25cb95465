import { describe, expect, it } from "vitest";
import { CIRCULAR, FILTERED, isSensitiveKey, scrub, scrubUrl } from "./scrub";

describe("isSensitiveKey", () => {
  it.each([
    ["userName", true],
    ["user_name", true],
    ["userData", true],
    ["token", true],
    ["access_token", true],
    ["refresh_token", true],
    ["callToken", true],
    ["apikey", true],
    ["api_key", true],
    ["username_hint_length", false],
    ["message", false],
    ["tokenizer", false],
    ["feature", false],
  ])("%s -> %s", (key, expected) => {
    expect(isSensitiveKey(key)).toBe(expected);
  });
});

describe("scrubUrl", () => {
  it.each([
    ["https://site.test/cb?access_token=abc&x=1", `https://site.test/cb?access_token=${FILTERED}&x=1`],
    ["https://site.test/cb#access_token=abc&refresh_token=def&type=magiclink", `https://site.test/cb#access_token=${FILTERED}&refresh_token=${FILTERED}&type=magiclink`],
    ["https://api.test/v1?apikey=k-123", `https://api.test/v1?apikey=${FILTERED}`],
    ["https://room.daily.test/abc?token=t-1", `https://room.daily.test/abc?token=${FILTERED}`],
    ["access_token=abc&page=2", `access_token=${FILTERED}&page=2`],
    ['Failed to load "https://x.test/?api_key=s3cret"', `Failed to load "https://x.test/?api_key=${FILTERED}"`],
    ["https://site.test/?page=2&mytoken=keep", "https://site.test/?page=2&mytoken=keep"],
    ["no url here", "no url here"],
  ])("%s", (input, expected) => {
    expect(scrubUrl(input)).toBe(expected);
  });
});

describe("scrub", () => {
  it("removes userName, userData and token keys at any depth", () => {
    const event = {
      message: "boom",
      user: { userName: "Jane", id: "u1" },
      extra: {
        vapi: {
          error: { message: "Invalid key", userData: { email: "jane@example.com" }, token: "t-1", details: [{ callToken: "c-1", ok: true }] },
        },
      },
    };
    expect(scrub(event)).toEqual({
      message: "boom",
      user: { id: "u1" },
      extra: { vapi: { error: { message: "Invalid key", details: [{ ok: true }] } } },
    });
  });

  it("scrubs credentials in URLs of requests and breadcrumbs", () => {
    const event = {
      request: { url: "https://site.test/login#access_token=a&refresh_token=r", query_string: [["apikey", "k"], ["page", "2"]] },
      breadcrumbs: [
        { category: "fetch", data: { url: "https://api.test/call?access_token=a", method: "POST" } },
        { category: "navigation", data: { from: "/?token=t", to: "/book" } },
      ],
    };
    expect(scrub(event)).toEqual({
      request: { url: `https://site.test/login#access_token=${FILTERED}&refresh_token=${FILTERED}`, query_string: [["apikey", FILTERED], ["page", "2"]] },
      breadcrumbs: [
        { category: "fetch", data: { url: `https://api.test/call?access_token=${FILTERED}`, method: "POST" } },
        { category: "navigation", data: { from: `/?token=${FILTERED}`, to: "/book" } },
      ],
    });
  });

  it("leaves the input untouched, keeps non-plain values and shared objects, and cuts cycles", () => {
    const error = new Error("kept as is");
    const shared = { page: "/book", token: "t" };
    const input: Record<string, unknown> = { token: "t", nested: { error, count: 3, flag: null }, a: shared, b: shared };
    input["self"] = input;
    const result = scrub(input);
    expect(input["token"]).toBe("t");
    expect(result).toEqual({
      nested: { error, count: 3, flag: null },
      a: { page: "/book" },
      b: { page: "/book" },
      self: CIRCULAR,
    });
    expect((result["nested"] as Record<string, unknown>)["error"]).toBe(error);
  });
});
