import { describe, expect, it } from "vitest";
import { site } from "../../site.config";
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
    ["password", true],
    ["Password", true],
    ["newPassword", true],
    ["email", true],
    ["EMAIL", true],
    ["contact_email", true],
    ["authorization", true],
    ["Authorization", true],
    ["cookie", true],
    ["Cookie", true],
    ["cookies", true],
    ["set-cookie", true],
    ["secret", true],
    ["client_secret", true],
    ["jwt", true],
    ["JWT", true],
    ["x-api-key", true],
    ["X-API-Key", true],
    ["token_hash", true],
    ["provider_token", true],
    ["code", false],
    ["email_confirmed_at", false],
    ["secretary", false],
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
    ["https://site.test/login?code=pkce-1&next=%2Fdash", `https://site.test/login?code=${FILTERED}&next=%2Fdash`],
    ["https://site.test/login?token_hash=h-1&type=signup", `https://site.test/login?token_hash=${FILTERED}&type=signup`],
    ["https://site.test/#provider_token=p-1&provider_refresh_token=p-2", `https://site.test/#provider_token=${FILTERED}&provider_refresh_token=${FILTERED}`],
    ["https://paphos.daily.co/room?t=meeting-token", `https://paphos.daily.co/room?t=${FILTERED}`],
    ["https://site.test/?ACCESS_TOKEN=abc", `https://site.test/?ACCESS_TOKEN=${FILTERED}`],
    ["https://site.test/?password=hunter2&email=jane%40example.com&secret=s&jwt=j&x-api-key=k", `https://site.test/?password=${FILTERED}&email=${FILTERED}&secret=${FILTERED}&jwt=${FILTERED}&x-api-key=${FILTERED}`],
    // URL-encoded once and twice, as in a ?next= that carries the page the visitor came from.
    ["/login?next=%2Fdash%23access_token%3Dabc%26refresh_token%3Ddef%26type%3Dsignup", `/login?next=%2Fdash%23access_token%3D${FILTERED}%26refresh_token%3D${FILTERED}%26type%3Dsignup`],
    ["/login?next=%2Fdash%3Fcode%3Dpkce-1", `/login?next=%2Fdash%3Fcode%3D${FILTERED}`],
    ["/x?next=%252Fdash%2523access_token%253Dabc", `/x?next=%252Fdash%2523access_token%253D${FILTERED}`],
    ['{"access_token":"abc","token_type":"bearer","email":"j@x.test","code":"PGRST116"}', `{"access_token":"${FILTERED}","token_type":"bearer","email":"${FILTERED}","code":"PGRST116"}`],
    ["Authorization: Bearer sk-123.abc", `Authorization: Bearer ${FILTERED}`],
    ["token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig-_1 expired", `token ${FILTERED} expired`],
    ["?decode=1&postcode=8010&at=5", "?decode=1&postcode=8010&at=5"],
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

  it("removes credential and personal keys of request headers, extra and contexts, in any case", () => {
    const event = {
      request: {
        headers: { Authorization: "Bearer a", Cookie: "sb=1", "X-API-Key": "k", Accept: "application/json" },
        cookies: { sb: "1" },
        query_string: [["code", "c-1"], ["t", "daily"], ["token_hash", "h"], ["page", "2"]],
      },
      user: { id: "u1", email: "jane@example.com" },
      extra: { body: { password: "hunter2", Secret: "s", jwt: "j", note: "kept" } },
      contexts: { supabase: { JWT: "j", status: 401 } },
    };
    expect(scrub(event)).toEqual({
      request: {
        headers: { Accept: "application/json" },
        query_string: [["code", FILTERED], ["t", FILTERED], ["token_hash", FILTERED], ["page", "2"]],
      },
      user: { id: "u1" },
      extra: { body: { note: "kept" } },
      contexts: { supabase: { status: 401 } },
    });
  });

  it.each([
    ["a fetch URL", { category: "fetch", data: { url: "https://x.supabase.co/auth/v1/verify?token_hash=h&redirect_to=%2Flogin", method: "GET" } }, { category: "fetch", data: { url: `https://x.supabase.co/auth/v1/verify?token_hash=${FILTERED}&redirect_to=%2Flogin`, method: "GET" } }],
    ["a navigation", { category: "navigation", data: { from: "/#access_token=a&refresh_token=r", to: "/login?code=c" } }, { category: "navigation", data: { from: `/#access_token=${FILTERED}&refresh_token=${FILTERED}`, to: `/login?code=${FILTERED}` } }],
    ["a console message", { category: "console", message: "Joining https://paphos.daily.co/room?t=meet-1", data: { arguments: ["next=%2Fdash%23access_token%3Dabc"] } }, { category: "console", message: `Joining https://paphos.daily.co/room?t=${FILTERED}`, data: { arguments: [`next=%2Fdash%23access_token%3D${FILTERED}`] } }],
    ["an xhr with headers", { category: "xhr", data: { url: "/rest/v1/profiles", request_headers: { authorization: "Bearer a", apikey: "k" } } }, { category: "xhr", data: { url: "/rest/v1/profiles", request_headers: {} } }],
  ])("scrubs a breadcrumb: %s", (_name, breadcrumb, expected) => {
    expect(scrub(breadcrumb)).toEqual(expected);
  });

  describe("a booking's manage link and token", () => {
    const token = "3f".repeat(32);
    const link = `${site.booking.manageHref}#${token}`;
    it.each([
      ["the page URL", `https://site.test${link}`, `https://site.test${site.booking.manageHref}#${FILTERED}`],
      ["a path", link, `${site.booking.manageHref}#${FILTERED}`],
      ["a URL-encoded link", `/x?next=${encodeURIComponent(link)}`, `/x?next=${encodeURIComponent(site.booking.manageHref + "#")}${FILTERED}`],
      ["a message with the token alone", `Cancel failed for ${token}.`, `Cancel failed for ${FILTERED}.`],
      ["a longer hex run", `key ${token}ff`, `key ${FILTERED}`],
      ["the link in a sentence", `Opened ${link} then left`, `Opened ${site.booking.manageHref}#${FILTERED} then left`],
    ])("in %s", (_name, input, expected) => {
      expect(scrubUrl(input)).toBe(expected);
    });

    it("leaves a 63-digit run, a hash-less manage URL and other fragments alone", () => {
      expect(scrubUrl("3".repeat(63))).toBe("3".repeat(63));
      expect(scrubUrl(`https://site.test${site.booking.manageHref}`)).toBe(`https://site.test${site.booking.manageHref}`);
      expect(scrubUrl("/book#calendar")).toBe("/book#calendar");
    });

    it("leaves no trace in an event: request URL, navigation breadcrumbs, exception values", () => {
      const event = {
        request: { url: `https://site.test${link}` },
        breadcrumbs: [{ category: "navigation", data: { from: link, to: site.booking.manageHref } }],
        exception: { values: [{ type: "Error", value: `Could not look up ${token}` }] },
      };
      expect(JSON.stringify(scrub(event))).not.toContain(token);
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
