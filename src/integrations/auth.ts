import type { AstroIntegration } from "astro";
import { AUTH_CALLBACK_SCRIPT } from "../lib/auth/callbackUrl.ts";
import { demoModeWarning } from "../lib/auth/demoBuild.ts";

/**
 * Sign-in at build level: every page's head gets the tiny script that hands an auth link's credentials
 * to /login (Astro hashes head-inline scripts into each page's CSP), and `astro build` warns, in one line,
 * when a build for a real site would ship demo mode.
 */
export default function auth(env: Record<string, string | undefined>): AstroIntegration {
  return {
    name: "paphos-ai:auth",
    hooks: {
      "astro:config:setup": ({ injectScript }) => {
        injectScript("head-inline", AUTH_CALLBACK_SCRIPT);
      },
      "astro:build:start": ({ logger }) => {
        const warning = demoModeWarning(env);
        if (warning) logger.warn(warning);
      },
    },
  };
}
