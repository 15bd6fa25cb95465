import { describe, expect, it, vi } from "vitest";
import { AUTH_CALLBACK_SCRIPT, clearAuthCallback, hasAuthCallback, withoutAuthCallback } from "./callbackUrl";

const at = (path: string) => new URL(path, "https://paphos.test");

describe("withoutAuthCallback", () => {
  it.each([
    ["/login#access_token=x&refresh_token=y&expires_in=3600&token_type=bearer&type=signup", "/login"],
    ["/login?code=pkce-1", "/login"],
    ["/login?next=%2Fdash%2Fcases&code=pkce-1&sb_flow_id=f", "/login?next=%2Fdash%2Fcases"],
    ["/login?token_hash=h&type=signup", "/login"],
    ["/login#provider_token=p&access_token=x&other=kept", "/login#other=kept"],
    ["/login?next=%2Fdash#access_token=x", "/login?next=%2Fdash"],
    ["/login#error=access_denied&error_code=otp_expired&access_token=x", "/login"],
    // Without a credential nothing is touched.
    ["/login?next=%2Fdash", "/login?next=%2Fdash"],
    ["/login#error=access_denied&error_description=Email+link+is+invalid", "/login#error=access_denied&error_description=Email+link+is+invalid"],
    ["/contact?postcode=8010&type=call", "/contact?postcode=8010&type=call"],
  ])("%s -> %s", (input, expected) => {
    const clean = withoutAuthCallback(at(input));
    expect(`${clean.pathname}${clean.search}${clean.hash}`).toBe(expected);
  });
});

describe("hasAuthCallback", () => {
  it.each([
    ["/#access_token=x&refresh_token=y&type=signup", true],
    ["/?code=c", true],
    ["/dash?token_hash=h&type=email", true],
    ["/x#refresh_token=y", true],
    ["/?promo_code=x&mycode=y", false],
    ["/#section", false],
    ["/", false],
  ])("%s -> %s", (input, expected) => {
    expect(hasAuthCallback(at(input))).toBe(expected);
  });
});

describe("clearAuthCallback", () => {
  it("replaces the history entry with the clean URL, keeping its state", () => {
    const replaceState = vi.fn();
    clearAuthCallback({ location: { href: "https://paphos.test/login?next=%2Fdash#access_token=x" } as Location, history: { state: { k: 1 }, replaceState } as unknown as History });
    expect(replaceState).toHaveBeenCalledWith({ k: 1 }, "", "/login?next=%2Fdash");
  });

  it("leaves a URL without credentials alone", () => {
    const replaceState = vi.fn();
    clearAuthCallback({ location: { href: "https://paphos.test/login?next=%2Fdash" } as Location, history: { state: null, replaceState } as unknown as History });
    expect(replaceState).not.toHaveBeenCalled();
  });
});

describe("AUTH_CALLBACK_SCRIPT, the head script of every page", () => {
  /** Runs the script against a location and returns where it sent the page, if anywhere. */
  const run = (path: string) => {
    const url = at(path);
    const replace = vi.fn<(to: string) => void>();
    new Function("location", AUTH_CALLBACK_SCRIPT)({ pathname: url.pathname, search: url.search, hash: url.hash, replace });
    return replace.mock.calls.map(([to]) => to);
  };

  it.each([
    ["/#access_token=x&refresh_token=y&type=signup", ["/login#access_token=x&refresh_token=y&type=signup"]],
    ["/?code=c", ["/login?code=c"]],
    ["/dash/cases?token_hash=h&type=email", ["/login?token_hash=h&type=email"]],
    ["/services/ai-chatbots?next=%2Fdash#refresh_token=y", ["/login?next=%2Fdash#refresh_token=y"]],
    ["/login#access_token=x", []],
    ["/login/?code=c", []],
    ["/?promo_code=x", []],
    ["/contact#get-in-touch", []],
    ["/loginx?code=c", ["/login?code=c"]],
  ])("%s -> %j", (path, expected) => {
    expect(run(path)).toEqual(expected);
  });

  it("is tiny and requests nothing", () => {
    expect(AUTH_CALLBACK_SCRIPT.length).toBeLessThan(250);
    expect(AUTH_CALLBACK_SCRIPT).not.toMatch(/fetch|import|XMLHttpRequest|src=/);
  });
});
