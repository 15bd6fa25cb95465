import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";
import { site } from "../../src/site.config";
import { PASSWORD_MIN_LENGTH, messages } from "../../src/lib/validation";

const source = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");
const count = (text: string, needle: string) => text.split(needle).length - 1;

describe("one source for every fact", () => {
  it("the menu's service entries are the service list: same titles, links, icons and order", () => {
    expect(site.nav.slice(1, 1 + site.services.length)).toEqual(
      site.services.map((service) => ({ label: service.title, href: service.href, icon: service.icon })),
    );
    const config = source("src/site.config.ts");
    for (const service of site.services) expect(count(config, `"${service.title}"`), service.title).toBe(1);
  });

  it("the password-length message is built from its constant", () => {
    expect(messages.passwordTooShort).toBe(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
    expect(source("src/lib/validation.ts")).not.toMatch(/at least \d/);
  });
});

describe("one piece of code for every job", () => {
  const forms = ["src/islands/ContactForm.tsx", "src/islands/booking/BookingForm.tsx", "src/islands/auth/AuthForm.tsx"];

  it.each(forms)("%s focuses the first invalid field through focusField and shows failures in FormBanner", (path) => {
    const text = source(path);
    expect(text).toMatch(/from "(\.\.\/)+ui\/focusField"/);
    expect(text).toContain("<FormBanner>");
    expect(text).not.toContain("querySelector");
    expect(text).not.toContain("bg-danger/10");
  });

  it("tests wait for hydration through one helper", () => {
    for (const path of ["tests/e2e/fixtures/login.ts", "tests/e2e/auth.spec.ts", "tests/e2e/services-helpers.ts"]) {
      expect(source(path), path).not.toMatch(/astro-island|\[ssr\]/);
    }
  });
});

describe("imports flow one way: lib -> stores -> ui -> islands / dash", () => {
  /** Every TypeScript module under `dir`, as a path from the project root. */
  const modules = (dir: string) =>
    readdirSync(new URL(`../../${dir}`, import.meta.url), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => join(dir, file));
  /** The project files a module imports (relative specifiers, resolved from the project root, without extension). */
  const importsOf = (path: string) =>
    [...source(path).matchAll(/(?:\bfrom|\bimport)\s*\(?\s*"(\.[^"]+)"/g)].map((m) => normalize(join(dirname(path), m[1] ?? "")).replace(/\.tsx?$/, ""));
  const isTestCode = (path: string) => /\.(test|bench)\.tsx?$|\/test[A-Z]\w*\.ts$|\/testing\.ts$/.test(path);

  it("nothing under src/lib or src/stores imports from src/dash (the samples live in src/lib/dash/samples)", () => {
    const offenders = [...modules("src/lib"), ...modules("src/stores")].flatMap((path) =>
      importsOf(path)
        .filter((target) => target.startsWith("src/dash/"))
        .map((target) => `${path} -> ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it("only the composition point (stores/dash/openInChat.ts) imports the chat store; the other stores take it from there", () => {
    const importers = modules("src/stores")
      .filter((path) => !isTestCode(path))
      .filter((path) => importsOf(path).includes("src/stores/dash/chat"));
    expect(importers).toEqual(["src/stores/dash/openInChat.ts"]);
  });
});
