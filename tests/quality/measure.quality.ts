import { writeFileSync } from "node:fs";
import { test } from "vitest";
import { categoryTable, jsonLine, table } from "./report";
import { DEV_SET, HALVES, measurePart, measureQuality, PATHS, type Categories, type MeasureOptions, type Path } from "./run";

// `npm run bench:quality`'s measuring step (scripts/bench-quality.mjs runs it and prints what it writes): the data set
// named by QUALITY_DATA (the dev set by default), the paths of QUALITY_PATHS (both by default), the three forms
// (plain: the questions of QUALITY_PLAIN, "none" for no plain form, else the data set's own, about the categories
// QUALITY_CATEGORIES names: even, odd or all), shared by QUALITY_PROCESSES processes (1 by default); to QUALITY_OUT as
// JSON: the report, its tables and its JSON line. With QUALITY_PART ("1/2": the second of two parts), the part of the
// questions another process of measureQuality leaves to this one: to QUALITY_OUT, that part's answers.
test("quality", async () => {
  const env = process.env;
  const categories = (env.QUALITY_CATEGORIES || "all") as Categories;
  if (categories !== "all" && !HALVES.includes(categories)) throw new Error(`QUALITY_CATEGORIES: even, odd or all, not ${categories}`);
  const paths = (env.QUALITY_PATHS || PATHS.join(",")).split(",") as Path[];
  if (paths.some((path) => !PATHS.includes(path))) throw new Error(`QUALITY_PATHS: ${PATHS.join(", ")}, not ${env.QUALITY_PATHS ?? ""}`);
  const plain = env.QUALITY_PLAIN === "none" ? null : env.QUALITY_PLAIN || undefined;
  const options: MeasureOptions = { paths, plain, categories, processes: Number(env.QUALITY_PROCESSES || 1) };
  const dir = env.QUALITY_DATA || DEV_SET;
  const out = env.QUALITY_OUT ?? "quality.json";
  const part = /^(\d+)\/(\d+)$/.exec(env.QUALITY_PART ?? "");
  if (part) {
    writeFileSync(out, JSON.stringify({ answers: await measurePart(dir, options, { index: Number(part[1]), of: Number(part[2]) }) }));
    return;
  }
  const report = await measureQuality(dir, options);
  writeFileSync(out, JSON.stringify({ report, table: table(report), categories: categoryTable(report), json: jsonLine(report) }));
}, 1_800_000);
