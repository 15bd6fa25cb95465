// @ts-check
import { defineConfig, envField } from "astro/config";
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";
import { loadEnv } from "vite";

// SITE_URL is needed at config time (canonical URLs), before astro:env is available.
const { SITE_URL } = loadEnv(process.env.NODE_ENV ?? "production", process.cwd(), "");
/** @param {"client" | "server"} context @param {"public"} access */
const optionalUrl = (context, access) => envField.string({ context, access, optional: true, url: true });
const publicUrl = () => optionalUrl("client", "public");
const publicString = () => envField.string({ context: "client", access: "public", optional: true });

export default defineConfig({
  output: "static",
  site: SITE_URL || "http://localhost:4321",
  trailingSlash: "ignore",
  integrations: [react()],
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
    },
    validateSecrets: false,
  },
  vite: {
    plugins: [tailwindcss()],
  },
});
