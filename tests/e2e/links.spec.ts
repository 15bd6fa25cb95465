import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { buildDirs } from "./fixtures/sites";

/** Every HTML file of a build, recursively. */
function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return htmlFiles(full);
    return name.endsWith(".html") ? [full] : [];
  });
}

/** Whether a site path resolves to a file of the build the way a static host serves it. */
function resolves(root: string, path: string): boolean {
  const clean = decodeURIComponent(path.split(/[?#]/)[0] ?? "/");
  const candidates = [join(root, clean), join(root, clean, "index.html"), join(root, `${clean}.html`)];
  return candidates.some((c) => existsSync(c) && statSync(c).isFile());
}

test("every internal link, script, stylesheet and image of the built site resolves", () => {
  const root = buildDirs.bare;
  const broken: string[] = [];
  const files = htmlFiles(root);
  expect(files.length).toBeGreaterThan(2);
  for (const file of files) {
    const html = readFileSync(file, "utf8");
    for (const match of html.matchAll(/\s(?:href|src|component-url|renderer-url)="(\/[^"]*)"/g)) {
      const path = match[1]!;
      if (path.startsWith("//")) continue;
      if (!resolves(root, path)) broken.push(`${file.slice(root.length)} -> ${path}`);
    }
  }
  expect(broken).toEqual([]);
});

test("nothing at page load comes from a third-party host", () => {
  const root = buildDirs.bare;
  const external: string[] = [];
  for (const file of htmlFiles(root)) {
    const html = readFileSync(file, "utf8");
    for (const match of html.matchAll(/<(?:script|link|img|source|iframe)\b[^>]*\s(?:src|href|srcset)="((?:https?:)?\/\/[^"]+)"/g)) {
      const url = match[1]!;
      if (/rel="canonical"|rel="alternate"/.test(match[0])) continue;
      external.push(`${file.slice(root.length)}: ${url}`);
    }
  }
  expect(external).toEqual([]);
});
