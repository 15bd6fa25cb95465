import type { AstroIntegrationLogger } from "astro";
import { describe, expect, it, vi } from "vitest";
import auth from "./auth";
import { AUTH_CALLBACK_SCRIPT } from "../lib/auth/callbackUrl";
import { demoModeWarning } from "../lib/auth/demoBuild";

/** Runs the integration's build:start hook with a logger that records its lines. */
async function buildStart(env: Record<string, string>) {
  const warn = vi.fn<(message: string) => void>();
  const hook = auth(env).hooks["astro:build:start"] as (options: { logger: AstroIntegrationLogger }) => Promise<void> | void;
  await hook({ logger: { warn, info: vi.fn(), error: vi.fn(), debug: vi.fn() } as unknown as AstroIntegrationLogger });
  return warn.mock.calls.map(([line]) => line);
}

describe("the auth integration", () => {
  it("prints the demo-mode warning, one line, when a build for a real site has no Supabase", async () => {
    const env = { SITE_URL: "https://paphos.ai" };
    const lines = await buildStart(env);
    expect(lines).toEqual([demoModeWarning(env)]);
    expect(lines[0]).not.toContain("\n");
  });

  it("prints nothing for a local build or one with Supabase", async () => {
    expect(await buildStart({ SITE_URL: "http://127.0.0.1:4400" })).toEqual([]);
    expect(await buildStart({ SITE_URL: "https://paphos.ai", PUBLIC_SUPABASE_URL: "https://abc.supabase.co", PUBLIC_SUPABASE_ANON_KEY: "anon" })).toEqual([]);
  });

  it("puts the auth callback script into every page's head, inline (hashed by Astro's CSP)", () => {
    const injectScript = vi.fn();
    const hook = auth({}).hooks["astro:config:setup"] as unknown as (options: { injectScript: typeof injectScript }) => void;
    hook({ injectScript });
    expect(injectScript).toHaveBeenCalledWith("head-inline", AUTH_CALLBACK_SCRIPT);
  });
});
