import { readFileSync, writeFileSync } from "node:fs";
import type { AstroIntegration } from "astro";
import { headerRules, toHeadersFile, toVercelConfig } from "../lib/security/policy.ts";

/** Writes a file only when its content changes, so a build leaves the working tree clean. */
function writeIfChanged(url: URL, content: string): void {
  let current = "";
  try {
    current = readFileSync(url, "utf8");
  } catch {
    // Not there yet: write it.
  }
  if (current !== content) writeFileSync(url, content);
}

/**
 * Generates the static hosts' header files from src/lib/security/policy.ts before the build copies
 * public/: public/_headers (Netlify, Cloudflare Pages) and vercel.json, both committed.
 */
export default function securityHeaders(): AstroIntegration {
  return {
    name: "paphos-ai:security-headers",
    hooks: {
      "astro:config:setup": ({ config }) => {
        writeIfChanged(new URL("_headers", config.publicDir), toHeadersFile(headerRules));
        writeIfChanged(new URL("vercel.json", config.root), toVercelConfig(headerRules));
      },
    },
  };
}
