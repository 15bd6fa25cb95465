import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { buildDirs } from "./fixtures/sites";

/** The islands (React components that hydrate) each foundation page may ship, and nothing else. */
const allowedIslands: Record<string, string[]> = {
  "index.html": ["ContactForm", "SlideMenu", "VoiceCall"],
  "contact/index.html": ["ContactForm", "SlideMenu"],
  "404.html": ["SlideMenu"],
};

for (const [file, islands] of Object.entries(allowedIslands)) {
  test(`${file} is static HTML whose only JavaScript is the ${islands.join(", ")} island(s)`, () => {
    const html = readFileSync(join(buildDirs.bare, file), "utf8");
    const found = [...html.matchAll(/component-url="\/_astro\/([A-Za-z]+)\.[^"]+"/g)].map((m) => m[1]);
    expect([...new Set(found)].sort()).toEqual(islands);
    // No other script file is loaded: only Astro's inline island loader runs.
    expect(html.match(/<script\b[^>]*\ssrc=/g) ?? []).toEqual([]);
    // The page's content is in the HTML itself, not rendered by JavaScript.
    expect(html).toMatch(/<main id="main"[^>]*>[\s\S]*<h[12]\b/);
  });
}
