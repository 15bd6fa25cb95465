import { writeFileSync } from "node:fs";
import { test } from "vitest";
import { categoryTable, jsonLine, table } from "./report";
import { DEV_SET, measureQuality } from "./run";

// `npm run bench:quality`'s measuring step (scripts/bench-quality.mjs runs it and prints what it writes): the data set
// named by QUALITY_DATA (the dev set by default), both paths, both forms; to QUALITY_OUT as JSON: the report, its
// table and its JSON line.
test("quality", async () => {
  const report = await measureQuality(process.env.QUALITY_DATA || DEV_SET);
  writeFileSync(process.env.QUALITY_OUT ?? "quality.json", JSON.stringify({ report, table: table(report), categories: categoryTable(report), json: jsonLine(report) }));
}, 1_800_000);
