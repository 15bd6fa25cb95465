import { describe, expect, it } from "vitest";
import { demoModeWarning } from "./demoBuild";

const SUPABASE = { PUBLIC_SUPABASE_URL: "https://abc.supabase.co", PUBLIC_SUPABASE_ANON_KEY: "anon" };

describe("demoModeWarning", () => {
  it.each([
    ["no SITE_URL", {}],
    ["SITE_URL on localhost", { SITE_URL: "http://localhost:4321" }],
    ["SITE_URL on 127.0.0.1", { SITE_URL: "http://127.0.0.1:4400" }],
    ["SITE_URL on [::1]", { SITE_URL: "http://[::1]:4321" }],
    ["a real site with Supabase", { SITE_URL: "https://paphos.ai", ...SUPABASE }],
    ["an unparsable SITE_URL", { SITE_URL: "not a url" }],
  ])("is silent with %s", (_name, env) => {
    expect(demoModeWarning(env)).toBeUndefined();
  });

  it.each([
    ["no Supabase at all", { SITE_URL: "https://paphos.ai" }],
    ["only the Supabase URL", { SITE_URL: "https://paphos.ai", PUBLIC_SUPABASE_URL: SUPABASE.PUBLIC_SUPABASE_URL }],
    ["only the anon key", { SITE_URL: "https://paphos.ai", PUBLIC_SUPABASE_ANON_KEY: "anon" }],
    ["an empty anon key", { SITE_URL: "https://paphos.ai", ...SUPABASE, PUBLIC_SUPABASE_ANON_KEY: "" }],
  ])("warns with %s", (_name, env) => {
    expect(demoModeWarning(env)).toBe(
      "SITE_URL is https://paphos.ai but PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY are not both set: this build ships demo mode (accounts only in each visitor's browser) at /login and /dash.",
    );
  });
});
