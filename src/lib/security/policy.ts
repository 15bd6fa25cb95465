/**
 * The site's security policy, in one place: the Content-Security-Policy directives Astro puts in each
 * page's <meta> (derived from the configured services, so an unconfigured service adds no origin) and
 * the HTTP headers a static host sends (written to public/_headers and vercel.json at build).
 * No imports: astro.config.mjs and the Node scripts load this file directly.
 */

/** The build settings that decide which third-party origins a page may reach. */
export interface ServiceSettings {
  PUBLIC_SUPABASE_URL?: string | undefined;
  PUBLIC_SUPABASE_ANON_KEY?: string | undefined;
  PUBLIC_BOOKING_WEBHOOK_URL?: string | undefined;
  PUBLIC_CONTACT_WEBHOOK_URL?: string | undefined;
  PUBLIC_VAPI_PUBLIC_KEY?: string | undefined;
  PUBLIC_VAPI_ASSISTANT_ID?: string | undefined;
  PUBLIC_VAPI_API_URL?: string | undefined;
  PUBLIC_SENTRY_DSN?: string | undefined;
  PUBLIC_ASSISTANT_URL?: string | undefined;
}

/** The Vapi web SDK's own API host, used when PUBLIC_VAPI_API_URL does not name a proxy. */
export const VAPI_DEFAULT_API = "https://api.vapi.ai";
/** Daily (the call library under Vapi) loads its call machine from here... */
export const DAILY_SCRIPT_ORIGIN = "https://c.daily.co";
/** ...talks to its API and media servers over these, and sends its own error reports to its Sentry project. */
export const DAILY_CONNECT_ORIGINS = ["https://*.daily.co", "wss://*.daily.co", "https://o77906.ingest.sentry.io"] as const;

/** The origin of a URL (scheme, host, port), or undefined when it is missing or not a URL. */
export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { origin } = new URL(url);
    return origin === "null" ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** The WebSocket twin of an http(s) origin (Supabase's realtime channel). */
const socketOf = (origin: string) => origin.replace(/^http/, "ws");

/** The third-party origins each CSP fetch directive needs, from the configured services only. */
export function serviceOrigins(env: ServiceSettings): { connect: string[]; script: string[]; frame: string[] } {
  const connect: string[] = [];
  const script: string[] = [];
  const supabase = env.PUBLIC_SUPABASE_ANON_KEY ? originOf(env.PUBLIC_SUPABASE_URL) : undefined;
  if (supabase) connect.push(supabase, socketOf(supabase));
  // The webhooks and the chat's language model are each reached with fetch at their own origin.
  for (const endpoint of [env.PUBLIC_BOOKING_WEBHOOK_URL, env.PUBLIC_CONTACT_WEBHOOK_URL, env.PUBLIC_ASSISTANT_URL]) {
    const origin = originOf(endpoint);
    if (origin) connect.push(origin);
  }
  if (env.PUBLIC_VAPI_PUBLIC_KEY && env.PUBLIC_VAPI_ASSISTANT_ID) {
    connect.push(originOf(env.PUBLIC_VAPI_API_URL) ?? VAPI_DEFAULT_API, ...DAILY_CONNECT_ORIGINS);
    script.push(DAILY_SCRIPT_ORIGIN);
  }
  // The DSN is a URL whose user part is the public key; events go to its host.
  const sentry = originOf(env.PUBLIC_SENTRY_DSN);
  if (sentry) connect.push(sentry);
  // No configured service needs a frame: Vapi runs Daily in call-object mode, without an iframe.
  return { connect: [...new Set(connect)], script: [...new Set(script)], frame: [] };
}

/** The sources list of a directive: 'self' plus extra origins, or 'none' when nothing is allowed. */
const sources = (self: boolean, extra: readonly string[]) =>
  [...(self ? ["'self'"] : []), ...extra].join(" ") || "'none'";

/** A directive of the <meta> policy (its name typed, so Astro's security.csp.directives accepts it). */
export type MetaDirective = `${"default-src" | "connect-src" | "frame-src" | "img-src" | "font-src" | "media-src" | "manifest-src" | "worker-src"} ${string}`;

/**
 * The directives Astro's security.csp adds to each page's <meta> besides script-src and style-src (which
 * Astro fills with the hashes of what it emits). frame-ancestors cannot live in a <meta>: it is a header.
 */
export function metaDirectives(env: ServiceSettings): MetaDirective[] {
  const { connect, frame } = serviceOrigins(env);
  return [
    "default-src 'self'",
    `connect-src ${sources(true, connect)}`,
    // Nothing is framed: the workspace's document viewer draws pages and shows text itself.
    `frame-src ${sources(false, frame)}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "media-src 'self'",
    "manifest-src 'self'",
  ];
}

/**
 * worker-src of each page's <meta>: the workspace reads documents in workers of this site; no other page starts
 * one (without the directive, workers would fall back to script-src and be allowed everywhere).
 */
export const workerDirective = (workers: boolean): MetaDirective => (workers ? "worker-src 'self'" : "worker-src 'none'");

/** script-src's sources besides the hashes: the site itself and, with voice configured, Daily's call machine. */
export function scriptResources(env: ServiceSettings): string[] {
  return ["'self'", ...serviceOrigins(env).script];
}

/**
 * The Content-Security-Policy header every response carries: the directives a <meta> cannot set. The
 * fetch directives stay in the per-page <meta>, which holds the hashes; both policies apply together.
 */
export const HEADER_CSP = "frame-ancestors 'none'; base-uri 'none'; object-src 'none'; form-action 'self'";

/**
 * The policy a worker script of this site runs under (a worker takes its policy from its own script's response, not
 * from the page): its scripts and connections to this site only, no eval (no 'unsafe-eval', no 'wasm-unsafe-eval':
 * the document reader, the search index and PDF.js's parser compile nothing), and nothing else.
 */
export const WORKER_CSP = "default-src 'self'; script-src 'self'; connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'";

/**
 * Where the worker scripts are: the build puts the workers it bundles (the document reader, the search index) under
 * /_astro/workers/ (astro.config.mjs, `worker`), and PDF.js's own worker keeps its file's name, pdf.worker.min.
 */
export const WORKER_PATHS = ["/_astro/workers/*", "/_astro/pdf.worker.*"] as const;

/** The site itself may use the microphone (the voice call); every other powerful feature is off. */
export const PERMISSIONS_POLICY = [
  "microphone=(self)",
  "camera=()",
  "geolocation=()",
  "payment=()",
  "usb=()",
  "serial=()",
  "midi=()",
  "magnetometer=()",
  "gyroscope=()",
  "accelerometer=()",
  "display-capture=()",
].join(", ");

/** One header rule: a path pattern as static hosts read it (`*` matches the rest) and its headers. */
export interface HeaderRule {
  path: string;
  headers: Record<string, string>;
}

const NO_STORE = { "Cache-Control": "no-store" };

/** Every header rule of the site. A response gets the headers of every rule its path matches. */
export const headerRules: readonly HeaderRule[] = [
  {
    path: "/*",
    headers: {
      "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "Cross-Origin-Opener-Policy": "same-origin",
      "Permissions-Policy": PERMISSIONS_POLICY,
      "Content-Security-Policy": HEADER_CSP,
    },
  },
  // Astro puts a content hash in every file name under /_astro: a new build is a new URL.
  { path: "/_astro/*", headers: { "Cache-Control": "public, max-age=31536000, immutable" } },
  // The workers under /_astro run under a policy of their own (their files are still content-hashed and immutable).
  ...WORKER_PATHS.map((path) => ({ path, headers: { "Content-Security-Policy": WORKER_CSP } })),
  // The OCR worker (tesseract.js, a classic worker) runs under its own response's policy: its scripts and data from
  // this site, and WebAssembly compiled from them, nothing else ('wasm-unsafe-eval', never 'unsafe-eval').
  {
    path: "/vendor/*",
    headers: {
      "Content-Security-Policy": "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; object-src 'none'; base-uri 'none'",
    },
  },
  // Signed-in pages and the sign-in form must never be served from a shared or back-forward cache.
  { path: "/dash", headers: NO_STORE },
  { path: "/dash/*", headers: NO_STORE },
  { path: "/login", headers: NO_STORE },
  { path: "/login/*", headers: NO_STORE },
];

/** Whether a request path matches a rule's pattern. */
export function matchesRule(pattern: string, path: string): boolean {
  if (pattern.endsWith("*")) return path.startsWith(pattern.slice(0, -1));
  return path === pattern || path === `${pattern}/`;
}

/** The headers a path gets: every matching rule's, later rules winning on the same name. */
export function headersFor(rules: readonly HeaderRule[], path: string): Record<string, string> {
  return Object.assign({}, ...rules.filter((rule) => matchesRule(rule.path, path)).map((rule) => rule.headers));
}

/** The rules in the _headers format of Netlify and Cloudflare Pages. */
export function toHeadersFile(rules: readonly HeaderRule[]): string {
  const blocks = rules.map(
    (rule) => `${rule.path}\n${Object.entries(rule.headers).map(([name, value]) => `  ${name}: ${value}`).join("\n")}`,
  );
  return `# Generated from src/lib/security/policy.ts at build: edit it there.\n${blocks.join("\n")}\n`;
}

/** Reads a _headers file back into rules (what a CDN does with it). */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim() || line.trimStart().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: {} });
      continue;
    }
    const colon = line.indexOf(":");
    const rule = rules.at(-1);
    if (rule && colon > 0) rule.headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return rules;
}

/** The same rules as vercel.json headers (Vercel reads path-to-regexp sources). */
export function toVercelConfig(rules: readonly HeaderRule[]): string {
  const headers = rules.map((rule) => ({
    source: rule.path.endsWith("*") ? `${rule.path.slice(0, -1)}(.*)` : rule.path,
    headers: Object.entries(rule.headers).map(([key, value]) => ({ key, value })),
  }));
  return `${JSON.stringify({ $schema: "https://openapi.vercel.sh/vercel.json", headers }, null, 2)}\n`;
}
