import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";
import { moduleImports } from "./moduleImports";

/**
 * The search engine is an engine (../shared/style.md, "Engines below features"): the chat, Review, Files and the
 * server path call it, and it calls none of them. Its own result types are in src/lib/search/results.ts; the chat's
 * answer-building is in src/lib/dash/answer/. It may import src/lib/documents (the reading engine), packages and, in
 * its tests, tests/fixtures.
 */
const ENGINE = "src/lib/search";
/** The features above the engine: no file under ENGINE imports from them, not even a type. */
const FEATURES = ["src/lib/dash", "src/lib/sync", "src/lib/assistant", "src/lib/review", "src/stores", "src/dash"];

const source = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

/** Every TypeScript file under the engine, its tests and benchmarks included, as a path from the project root. */
const engineFiles = () =>
  readdirSync(new URL(`../../${ENGINE}`, import.meta.url), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => join(ENGINE, file));

/** The modules of a feature that a file imports (relative specifiers, resolved from the project root), types included. */
const featureImports = (path: string, text: string): string[] =>
  moduleImports(text, path)
    .filter((specifier) => specifier.startsWith("."))
    .map((specifier) => normalize(join(dirname(path), specifier)))
    .filter((target) => FEATURES.some((feature) => target === feature || target.startsWith(`${feature}/`)));

describe("the search engine (src/lib/search) imports nothing from the features above it", () => {
  it("no file under src/lib/search, tests and benchmarks included, imports from lib/dash, lib/sync, lib/assistant, lib/review, stores or dash", () => {
    const files = engineFiles();
    expect(files).toContain("src/lib/search/worker/searchIndex.ts");
    const offenders = files.flatMap((path) => featureImports(path, source(path)).map((target) => `${path} -> ${target}`));
    expect(offenders).toEqual([]);
  });

  it.each([
    ['import type { PageHit } from "../sync/session";', "src/lib/search/serverPages.ts", ["src/lib/sync/session"]],
    ['import { type ChatScope } from "../dash/chat";', "src/lib/search/answer.ts", ["src/lib/dash/chat"]],
    ['export type { Upload } from "../../dash/uploads";', "src/lib/search/worker/entries.ts", ["src/lib/dash/uploads"]],
    ['type Api = typeof import("../../stores/dash/chat");', "src/lib/search/x.ts", ["src/stores/dash/chat"]],
    ['import { PAGE_UNITS } from "../documents/pages";', "src/lib/search/entries.ts", []],
    ['import { DOCUMENTS } from "../../../tests/fixtures/searchFixtures";', "src/lib/search/passages.test.ts", []],
    ['import { dashboard } from "../dashboard/x";', "src/lib/search/x.ts", []],
    ['import MiniSearch from "minisearch";', "src/lib/search/worker/searchIndex.ts", []],
  ])("reads %s in %s as importing from a feature %j", (script, path, expected) => {
    expect(featureImports(path, script)).toEqual(expected);
  });
});
