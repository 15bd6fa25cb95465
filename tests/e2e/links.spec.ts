import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { buildDirs } from "./fixtures/sites";
import { htmlFiles, pagePath } from "./fixtures/builtSite";

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

/** The ids of a page's elements (what a #fragment can point at). */
const idsOf = (html: string) => new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!));

test("every #anchor of the built site points at an element of its page", () => {
  for (const root of Object.values(buildDirs)) {
    const pages = new Map(htmlFiles(root).map((file) => [pagePath(root, file), readFileSync(file, "utf8")]));
    const broken: string[] = [];
    let anchors = 0;
    let checked = 0;
    for (const [path, html] of pages) {
      // A client-only page (the workspace) draws its targets in the browser: site-checks checks those live.
      if (html.includes('client="only"')) continue;
      checked += 1;
      for (const match of html.matchAll(/\shref="((?:\/[^"#]*)?)#([^"]*)"/g)) {
        const target = match[1] ? match[1].replace(/\/$/, "") || "/" : path;
        anchors += 1;
        // "#" alone is the top of the page; every other fragment must name an element of its target page.
        if (match[2] && !idsOf(pages.get(target) ?? "").has(decodeURIComponent(match[2]))) broken.push(`${root}${path} -> ${target}#${match[2]}`);
      }
    }
    expect(anchors, "the skip link alone puts an anchor on every page").toBeGreaterThanOrEqual(checked);
    expect(broken).toEqual([]);
  }
});
