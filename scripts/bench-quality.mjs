// `npm run bench:quality [-- --data DIR]`: the quality benchmark of issue 29. Asks every labelled question of its one
// contract through the chat's own code, on the browser's index and on search_pages (PGlite, the migrations, row-level
// security), in two forms; prints a table, writes reports/quality.md and ends with one JSON line. DIR has the layout of
// tests/fixtures/cuad-dev (contracts/<id>.txt, labels.json); the dev set is the default.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const args = process.argv.slice(2);
const at = args.indexOf("--data");
const data = at >= 0 ? args[at + 1] : undefined;
if (at >= 0 && !data) {
  console.error("bench:quality: --data needs a folder (contracts/<id>.txt and labels.json)");
  process.exit(2);
}
const dir = resolve(data ?? "tests/fixtures/cuad-dev");
const temp = mkdtempSync(join(tmpdir(), "quality-"));
const out = join(temp, "quality.json");
const run = spawnSync(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "--config", "vitest.quality.config.ts", "--reporter", "dot"], {
  stdio: ["ignore", "inherit", "inherit"],
  env: { ...process.env, QUALITY_DATA: dir, QUALITY_OUT: out },
});
if (run.status !== 0) {
  rmSync(temp, { recursive: true, force: true });
  process.exit(run.status ?? 1);
}
const { report, table, categories, json } = JSON.parse(readFileSync(out, "utf8"));
rmSync(temp, { recursive: true, force: true });

const date = new Date().toISOString().slice(0, 10);
const markdown = `# Answer quality: ${date}

\`npm run bench:quality${data ? ` -- --data ${data}` : ""}\`: ${report.questions} labelled questions of ${report.contracts} contracts (${dir.endsWith("cuad-dev") ? "the CUAD dev set, tests/fixtures/cuad-dev" : dir}), each asked of its one contract (the document attached) through the chat's own code: the browser's index, and search_pages on PGlite under the migrations and row-level security. Forms: \`details\`, CUAD's plain words after "Details:"; \`short\`, "What does this contract say about <category>?".

${table}

- hit: a quoted passage holds an expert-marked span (lower case, white space collapsed; a span over 40 characters counts when any 40-character run of it is quoted). hitAt1: the first quote; hitAt3: any of the first three.
- falseNothing: questions with a span answered "I found nothing" or "No … clause was found". absentSaid: questions with no span (CUAD's is_impossible) answered "No … clause was found".
- p95: the 95th percentile of the time to answer one question in Node (not the browser), this machine.

By category (the browser's path; Postgres's quotes the same first passage in ${report.agreement} % of questions):

${categories}

Data: CUAD v1, the Contract Understanding Atticus Dataset, by The Atticus Project, CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/). Hendrycks, Burns, Chen, Ball (2021), "CUAD: An Expert-Annotated NLP Dataset for Legal Contract Review", arXiv:2103.06268.
`;
writeFileSync("reports/quality.md", markdown);
console.log(`\n${table}\n\n(reports/quality.md written)`);
console.log(json);
