// @ts-check
import { defineConfig, envField } from "astro/config";
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";
import sitemap from "@astrojs/sitemap";
import { loadEnv } from "vite";
import { fileURLToPath } from "node:url";
import securityHeaders from "./src/integrations/securityHeaders.ts";
import devInbox from "./src/integrations/devInbox.ts";
import paintedDirective from "./src/integrations/paintedDirective.ts";
import auth from "./src/integrations/auth.ts";
import vendorAssets from "./src/integrations/vendorAssets.ts";
import { metaDirectives, scriptResources } from "./src/lib/security/policy.ts";

// SITE_URL is needed at config time (canonical URLs), before astro:env is available; so are the Sentry
// settings, and every service URL the Content-Security-Policy allows.
const env = loadEnv(process.env.NODE_ENV ?? "production", process.cwd(), "");
const {
  SITE_URL,
  PUBLIC_SENTRY_DSN,
  SENTRY_AUTH_TOKEN,
  SENTRY_ORG,
  SENTRY_PROJECT,
  PUBLIC_SUPABASE_URL,
  PUBLIC_SUPABASE_ANON_KEY,
} = env;

// Sentry only when a DSN is set: without one the build holds no Sentry code at all. Errors only (no
// tracing, no replay); source maps are uploaded only with a token, org and project, so the build never
// needs the Sentry CLI otherwise. The browser SDK is set up in sentry.client.config.ts.
const uploadSourceMaps = Boolean(SENTRY_AUTH_TOKEN && SENTRY_ORG && SENTRY_PROJECT);
const sentryIntegrations = PUBLIC_SENTRY_DSN
  ? [
      (await import("@sentry/astro")).default({
        enabled: { client: true, server: false },
        org: SENTRY_ORG,
        project: SENTRY_PROJECT,
        authToken: SENTRY_AUTH_TOKEN,
        telemetry: false,
        sourcemaps: { disable: !uploadSourceMaps, filesToDeleteAfterUpload: ["./dist/**/*.map"] },
        bundleSizeOptimizations: { excludeTracing: true, excludeDebugStatements: true },
      }),
    ]
  : [];
// Without Supabase settings the demo backend runs: a stub replaces supabase-js so the build holds none of it.
/** @type {Record<string, string>} */
const supabaseAlias =
  PUBLIC_SUPABASE_URL && PUBLIC_SUPABASE_ANON_KEY
    ? {}
    : { "@supabase/supabase-js": fileURLToPath(new URL("./src/lib/auth/supabaseUnavailable.ts", import.meta.url)) };

/** @param {"client" | "server"} context @param {"public"} access */
const optionalUrl = (context, access) => envField.string({ context, access, optional: true, url: true });
const publicUrl = () => optionalUrl("client", "public");
const publicString = () => envField.string({ context: "client", access: "public", optional: true });

export default defineConfig({
  output: "static",
  site: SITE_URL || "http://localhost:4321",
  trailingSlash: "ignore",
  integrations: [
    react(),
    // client:painted: islands hydrate after the first paint, so their JavaScript never delays it.
    paintedDirective(),
    // devInbox only hooks into `astro dev`: it stands in for unset webhooks there and adds nothing to a build.
    devInbox(),
    // The sitemap lists the public pages only: the sign-in form, a booking's manage page and the workspace are not for search engines.
    sitemap({ filter: (page) => !/\/(dash|dashboard|login|book\/manage)(\/|$)/.test(new URL(page).pathname) }),
    securityHeaders(),
    // Auth links' credentials go to /login on every page; a build for a real site without Supabase says so.
    auth(env),
    // tesseract.js's worker, core and English data, served from this site for OCR of scanned pages.
    vendorAssets(),
    ...sentryIntegrations,
  ],
  // A hash-based CSP in each page's <meta>: Astro hashes the scripts and styles it emits; the other
  // directives and the script origins come from the configured services (src/lib/security/policy.ts).
  security: {
    csp: {
      directives: metaDirectives(env),
      scriptDirective: { resources: scriptResources(env) },
    },
  },
  redirects: {
    "/dashboard": "/dash",
  },
  env: {
    schema: {
      SITE_URL: optionalUrl("server", "public"),
      PUBLIC_SUPABASE_URL: publicUrl(),
      PUBLIC_SUPABASE_ANON_KEY: publicString(),
      PUBLIC_BOOKING_WEBHOOK_URL: publicUrl(),
      PUBLIC_CONTACT_WEBHOOK_URL: publicUrl(),
      PUBLIC_VAPI_PUBLIC_KEY: publicString(),
      PUBLIC_VAPI_ASSISTANT_ID: publicString(),
      PUBLIC_VAPI_API_URL: publicUrl(),
      PUBLIC_SENTRY_DSN: publicString(),
      PUBLIC_ASSISTANT_URL: publicUrl(),
      PUBLIC_ASSISTANT_MODEL: publicString(),
      PUBLIC_SUPABASE_INVITE_EMAILS: publicString(),
    },
    validateSecrets: false,
  },
  vite: {
    plugins: [tailwindcss()],
    // The ingestion worker is an ES module, so PDF.js, mammoth and tesseract.js load inside it only on first use.
    // Workers go in a folder of their own, which _headers gives their own policy (WORKER_PATHS in policy.ts).
    worker: { format: "es", rolldownOptions: { output: { entryFileNames: "_astro/workers/[name]-[hash].js" } } },
    // `astro dev` pre-bundles the document libraries at start: found only at the first upload, they would make Vite
    // re-optimise and reload the page in the middle of it. Builds are not affected. (PDF.js is not bundled: the page
    // and the worker import its own file, src/lib/documents/pdfjsAssets.ts.)
    optimizeDeps: { include: ["mammoth", "tesseract.js", "idb"] },
    // write-excel-file zips through fflate's asynchronous zip, which starts blob: workers the policy refuses for files
    // over 160 KB (a large review's export): its zip step is the synchronous one (src/lib/review/zipSync.ts).
    resolve: { alias: { ...supabaseAlias, "../zip/zipToArrayBuffer.js": fileURLToPath(new URL("./src/lib/review/zipSync.ts", import.meta.url)) } },
    // With Sentry, its tracing and debug code stay out of the bundle (errors only).
    define: PUBLIC_SENTRY_DSN ? { __SENTRY_TRACING__: "false", __SENTRY_DEBUG__: "false" } : {},
  },
});
