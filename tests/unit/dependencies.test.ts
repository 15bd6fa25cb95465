import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

interface LockEntry {
  version: string;
  dependencies?: Record<string, string>;
}

const root = new URL("../../", import.meta.url);
const lock = JSON.parse(readFileSync(new URL("package-lock.json", root), "utf8")) as { packages: Record<string, LockEntry> };
const manifest = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Every installed copy of a package: its path in node_modules and its version. */
const copies = (name: string) =>
  Object.entries(lock.packages)
    .filter(([path]) => path === `node_modules/${name}` || path.endsWith(`/node_modules/${name}`))
    .map(([path, entry]) => ({ path, version: entry.version }));

/** Whether `version` satisfies a caret range "^M.m.p" (on 0.x the minor is fixed, as npm reads it). */
function satisfiesCaret(version: string, range: string): boolean {
  const match = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(range);
  if (!match) throw new Error(`Not a caret range: ${range}`);
  const [major, minor, patch] = match.slice(1).map(Number) as [number, number, number];
  const [vMajor, vMinor, vPatch] = version.split(".").map(Number) as [number, number, number];
  if (vMajor !== major) return false;
  if (major === 0) return vMinor === minor && vPatch >= patch;
  return vMinor > minor || (vMinor === minor && vPatch >= patch);
}

describe("one copy of each dependency", () => {
  it("installs exactly one @daily-co/daily-js, the version @vapi-ai/web asks for", () => {
    const daily = copies("@daily-co/daily-js");
    expect(daily.map((copy) => copy.path)).toEqual(["node_modules/@daily-co/daily-js"]);
    const wanted = lock.packages["node_modules/@vapi-ai/web"]?.dependencies?.["@daily-co/daily-js"];
    expect(wanted).toBeDefined();
    expect(satisfiesCaret(daily[0]!.version, wanted!)).toBe(true);
    expect(manifest.dependencies["@daily-co/daily-js"]).toBe(wanted);
  });

  it("reads caret ranges as npm does", () => {
    expect(satisfiesCaret("0.87.0", "^0.87.0")).toBe(true);
    expect(satisfiesCaret("0.87.4", "^0.87.0")).toBe(true);
    expect(satisfiesCaret("0.92.2", "^0.87.0")).toBe(false);
    expect(satisfiesCaret("2.3.0", "^2.1.0")).toBe(true);
    expect(satisfiesCaret("3.0.0", "^2.1.0")).toBe(false);
  });

  it("declares no @nanostores/persistent (nothing uses it)", () => {
    expect({ ...manifest.dependencies, ...manifest.devDependencies }).not.toHaveProperty("@nanostores/persistent");
    expect(copies("@nanostores/persistent")).toEqual([]);
  });
});
