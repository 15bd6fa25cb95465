import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  DAILY_CONNECT_ORIGINS,
  headerRules,
  headersFor,
  metaDirectives,
  workerDirective,
  parseHeadersFile,
  scriptResources,
  serviceOrigins,
  toHeadersFile,
  toVercelConfig,
  WORKER_CSP,
} from "./policy";

const everything = {
  PUBLIC_SUPABASE_URL: "https://abc.supabase.co",
  PUBLIC_SUPABASE_ANON_KEY: "anon",
  PUBLIC_BOOKING_WEBHOOK_URL: "https://hooks.example.com/booking?x=1",
  PUBLIC_CONTACT_WEBHOOK_URL: "https://forms.example.org/contact",
  PUBLIC_VAPI_PUBLIC_KEY: "pk",
  PUBLIC_VAPI_ASSISTANT_ID: "as",
  PUBLIC_SENTRY_DSN: "https://key@o1.ingest.sentry.io/42",
};

describe("CSP origins", () => {
  it("an unconfigured site reaches no third-party origin", () => {
    expect(serviceOrigins({})).toEqual({ connect: [], script: [], frame: [] });
    expect(metaDirectives({})).toContain("connect-src 'self'");
    expect(metaDirectives({})).toContain("frame-src 'none'");
    // worker-src is each page's own: 'self' on the workspace's pages (BaseHead's `workers`), 'none' elsewhere.
    expect(metaDirectives({}).join(" ")).not.toContain("worker-src");
    expect([workerDirective(true), workerDirective(false)]).toEqual(["worker-src 'self'", "worker-src 'none'"]);
    expect(scriptResources({})).toEqual(["'self'"]);
  });

  it("every configured service adds exactly its origins", () => {
    expect(serviceOrigins(everything)).toEqual({
      connect: [
        "https://abc.supabase.co",
        "wss://abc.supabase.co",
        "https://hooks.example.com",
        "https://forms.example.org",
        "https://api.vapi.ai",
        "https://*.daily.co",
        "wss://*.daily.co",
        "https://o77906.ingest.sentry.io",
        "https://o1.ingest.sentry.io",
      ],
      script: ["https://c.daily.co"],
      frame: [],
    });
  });

  it.each([
    ["Supabase without its anon key", { PUBLIC_SUPABASE_URL: "https://abc.supabase.co" }],
    ["Vapi without an assistant", { PUBLIC_VAPI_PUBLIC_KEY: "pk", PUBLIC_VAPI_API_URL: "https://proxy.example.com" }],
    ["a value that is not a URL", { PUBLIC_CONTACT_WEBHOOK_URL: "not a url" }],
  ])("%s adds nothing", (_, env) => {
    expect(serviceOrigins(env)).toEqual({ connect: [], script: [], frame: [] });
  });

  it.each([
    ["a model on the firm's network", "http://10.0.0.5:11434/v1/chat/completions", ["https://abc.supabase.co", "wss://abc.supabase.co", "http://10.0.0.5:11434"]],
    ["the Edge Function, on the Supabase origin already allowed", "https://abc.supabase.co/functions/v1/assistant", ["https://abc.supabase.co", "wss://abc.supabase.co"]],
    ["a value that is not a URL", "assistant", ["https://abc.supabase.co", "wss://abc.supabase.co"]],
  ])("the chat's language model adds its endpoint's origin, once: %s", (_, url, connect) => {
    const env = { PUBLIC_SUPABASE_URL: "https://abc.supabase.co", PUBLIC_SUPABASE_ANON_KEY: "anon" };
    expect(serviceOrigins({ ...env, PUBLIC_ASSISTANT_URL: url }).connect).toEqual(connect);
  });

  it("a Vapi proxy replaces the SDK's own host, and a local http service gets ws", () => {
    const origins = serviceOrigins({
      PUBLIC_VAPI_PUBLIC_KEY: "pk",
      PUBLIC_VAPI_ASSISTANT_ID: "as",
      PUBLIC_VAPI_API_URL: "http://127.0.0.1:4713/",
      PUBLIC_SUPABASE_URL: "http://127.0.0.1:4712",
      PUBLIC_SUPABASE_ANON_KEY: "anon",
    });
    expect(origins.connect).toEqual(["http://127.0.0.1:4712", "ws://127.0.0.1:4712", "http://127.0.0.1:4713", ...DAILY_CONNECT_ORIGINS]);
  });

  it("never allows inline or eval in what it adds", () => {
    expect([...metaDirectives(everything), ...scriptResources(everything)].join(" ")).not.toMatch(/unsafe/);
  });
});

describe("security headers", () => {
  it("every page gets HSTS (a year or more, subdomains), nosniff, referrer, COOP, permissions and a header CSP", () => {
    const page = headersFor(headerRules, "/contact");
    expect(Number(/max-age=(\d+)/.exec(page["Strict-Transport-Security"] ?? "")?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect(page["Strict-Transport-Security"]).toContain("includeSubDomains");
    expect(page["X-Content-Type-Options"]).toBe("nosniff");
    expect(page["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(page["Cross-Origin-Opener-Policy"]).toBe("same-origin");
    expect(page["Permissions-Policy"]).toMatch(/(^|, )microphone=\(self\)/);
    expect(page["Permissions-Policy"]).toMatch(/camera=\(\)/);
    expect(page["Permissions-Policy"]).toMatch(/geolocation=\(\)/);
    for (const directive of ["frame-ancestors 'none'", "base-uri 'none'", "object-src 'none'", "form-action 'self'"]) {
      expect(page["Content-Security-Policy"]).toContain(directive);
    }
    expect(page["Cache-Control"]).toBeUndefined();
  });

  it.each([
    ["/_astro/index.Bx1.js", "public, max-age=31536000, immutable"],
    ["/dash", "no-store"],
    ["/dash/", "no-store"],
    ["/dash/settings", "no-store"],
    ["/login", "no-store"],
    ["/login/", "no-store"],
    ["/dashboard", undefined],
    ["/", undefined],
  ])("Cache-Control of %s is %s", (path, value) => {
    expect(headersFor(headerRules, path)["Cache-Control"]).toBe(value);
  });

  it("the OCR worker's files may compile WebAssembly from this site, and never eval", () => {
    const csp = headersFor(headerRules, "/vendor/tesseract-7/worker.min.js")["Content-Security-Policy"] ?? "";
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp.replaceAll("'wasm-unsafe-eval'", "")).not.toMatch(/unsafe/);
    expect(headersFor(headerRules, "/dash")["Content-Security-Policy"]).not.toMatch(/wasm/);
  });

  it.each(["/_astro/workers/ingest.worker-Cmx4T_od.js", "/_astro/workers/search.worker-BNYWWkGX.js", "/_astro/pdf.worker.min.CIqJB0yW.mjs"])(
    "the worker script %s runs under a policy of its own: this site only, connections too, and no eval",
    (path) => {
      const headers = headersFor(parseHeadersFile(toHeadersFile(headerRules)), path);
      const csp = headers["Content-Security-Policy"] ?? "";
      expect(csp).toBe(WORKER_CSP);
      expect(csp).toMatch(/^default-src 'self';/);
      expect(csp).toContain("connect-src 'self';");
      expect(csp).not.toMatch(/unsafe|blob:|data:|\*/);
      expect(headers["Cache-Control"]).toBe("public, max-age=31536000, immutable");
    },
  );

  it("no other file under /_astro gets the workers' policy", () => {
    for (const path of ["/_astro/searchWorker.D-izGH2F.js", "/_astro/pdf.min.fxBuzxYg.mjs", "/_astro/index.Bx1.js", "/_astro/workers"]) {
      expect(headersFor(headerRules, path)["Content-Security-Policy"], path).toBe(headersFor(headerRules, "/")["Content-Security-Policy"]);
    }
  });

  it("the _headers file reads back as the same rules", () => {
    expect(parseHeadersFile(toHeadersFile(headerRules))).toEqual(headerRules);
  });

  it("public/_headers and vercel.json are the generated ones (a build rewrites them)", () => {
    expect(readFileSync("public/_headers", "utf8")).toBe(toHeadersFile(headerRules));
    expect(readFileSync("vercel.json", "utf8")).toBe(toVercelConfig(headerRules));
  });

  it("vercel.json carries the same values for the same paths", () => {
    const config = JSON.parse(toVercelConfig(headerRules)) as { headers: { source: string; headers: { key: string; value: string }[] }[] };
    expect(config.headers.map((h) => h.source)).toEqual(["/(.*)", "/_astro/(.*)", "/_astro/workers/(.*)", "/_astro/pdf.worker.(.*)", "/vendor/(.*)", "/dash", "/dash/(.*)", "/login", "/login/(.*)"]);
    expect(Object.fromEntries(config.headers[0]!.headers.map((h) => [h.key, h.value]))).toEqual(headerRules[0]!.headers);
  });
});
