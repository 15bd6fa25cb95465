import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { moduleImports } from "./moduleImports";

const root = fileURLToPath(new URL("../../", import.meta.url));
const SOURCE = /\.(ts|tsx|astro)$/;
/** Unit tests and benchmarks beside the code: nothing imports them, so they cannot be on a circle (and are half the files). */
const NOT_IMPORTED = /\.(test|bench)\.ts$/;
/** How a relative specifier without its extension names a file, in the order the bundler tries them. */
const ENDINGS = ["", ".ts", ".tsx", ".astro", "/index.ts"];

/** The script parts of an .astro file: its frontmatter and every <script> element. */
const astroScripts = (text: string): string[] => [
  ...(/^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.slice(1, 2) ?? []),
  ...[...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? ""),
];

/** Every circle of the graph, each found once by a depth-first walk (one per edge back to a module still on the path). */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const walk = (node: string): void => {
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) cycles.push([...path.slice(at), next]);
      else if (!done.has(next)) walk(next);
    }
    path.pop();
    done.add(node);
  };
  for (const node of graph.keys()) if (!done.has(node)) walk(node);
  return cycles;
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry.name) && !NOT_IMPORTED.test(entry.name) ? [path] : [];
  });

/** src/ as a graph: each source file and the source files it imports by a relative path, types included (packages cannot import us back). */
function sourceGraph(): Map<string, string[]> {
  const files = sourceFiles(join(root, "src"));
  const known = new Set(files);
  const resolve = (from: string, specifier: string): string | undefined => {
    const base = join(dirname(from), specifier.replace(/\?.*$/, ""));
    return ENDINGS.map((ending) => base + ending).find((candidate) => known.has(candidate));
  };
  return new Map(
    files.map((file) => {
      const text = readFileSync(file, "utf8");
      const scripts = file.endsWith(".astro") ? astroScripts(text) : [text];
      const imports = scripts.flatMap((script) => moduleImports(script, file.endsWith(".tsx") ? file : `${file}.ts`));
      const targets = imports.filter((specifier) => specifier.startsWith(".")).map((specifier) => resolve(file, specifier));
      return [file, [...new Set(targets.filter((target) => target !== undefined))]];
    }),
  );
}

describe("import cycles", () => {
  // Parsing every module of src/ takes a second or two, more on a loaded two-core machine.
  it("no module under src/ imports itself through others, statically, with import() or for its types", { timeout: 30_000 }, () => {
    const cycles = findCycles(sourceGraph()).map((cycle) => cycle.map((file) => relative(root, file)).join(" -> "));
    expect(cycles).toEqual([]);
  });

  it.each([
    ['import { a } from "./a";', ["./a"]],
    ['import "./side";', ["./side"]],
    ['import type { A } from "./types";', ["./types"]],
    ['import { type A } from "./kept";', ["./kept"]],
    ['export { b } from "./b";', ["./b"]],
    ['export type { B } from "./types";', ["./types"]],
    ['const lazy = () => import("./lazy");', ["./lazy"]],
    ["type Api = typeof import('./types');", ["./types"]],
    ['// import { c } from "./comment";', []],
  ])("reads %s as importing %j", (script, expected) => {
    expect(moduleImports(script)).toEqual(expected);
  });

  it.each([
    [{ a: ["b"], b: ["c"], c: [] }, []],
    [{ a: ["a"] }, [["a", "a"]]],
    [{ a: ["b"], b: ["c"], c: ["a"] }, [["a", "b", "c", "a"]]],
    [{ a: ["b", "c"], b: ["d"], c: ["d"], d: [] }, []],
  ])("finds the circles of %j", (edges, expected) => {
    expect(findCycles(new Map(Object.entries(edges)))).toEqual(expected);
  });

  it("reads the frontmatter and the scripts of an .astro file", () => {
    const page = '---\nimport Layout from "../layouts/Base.astro";\n---\n<Layout />\n<script>\n  import "../lib/menu";\n</script>\n';
    expect(astroScripts(page).flatMap((script) => moduleImports(script))).toEqual(["../layouts/Base.astro", "../lib/menu"]);
  });
});
