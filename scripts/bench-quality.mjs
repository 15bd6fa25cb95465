// `npm run bench:quality [-- --data DIR] [--plain FILE] [--categories even|odd|all] [--processes N]`: the quality benchmark of issues 29
// and 42. Asks every labelled question of its one contract through the chat's own code, on the browser's index and on
// search_pages (PGlite, the migrations, row-level security), in three forms; prints a table, writes reports/quality.md
// and ends with one JSON line. DIR has the layout of tests/fixtures/cuad-dev (contracts/<id>.txt, labels.json); the dev
// set is the default. The plain form asks the questions of FILE (the layout of
// tests/fixtures/plain-questions/plain-questions.json), else DIR/plain-questions.json, else for the dev set the
// project's copy; a data set with none skips the form. --categories restricts the plain form to the even- or
// odd-numbered categories of that file (1-based, in its order): tune on one half, report the other. --processes shares
// the questions between N processes (the same answers sooner, where the cores are free; p95 then counts the sharing).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";

const args = process.argv.slice(2);
/** The value after an option, undefined without the option; exits when the option has none. */
function option(name, what) {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  if (!value || value.startsWith("--")) {
    console.error(`bench:quality: ${name} needs ${what}`);
    process.exit(2);
  }
  return value;
}
const data = option("--data", "a folder (contracts/<id>.txt and labels.json)");
const plain = option("--plain", "a file of plain questions (the layout of tests/fixtures/plain-questions/plain-questions.json)");
const asked = option("--categories", "even, odd or all") ?? "all";
if (!["even", "odd", "all"].includes(asked)) {
  console.error(`bench:quality: --categories takes even, odd or all, not ${asked}`);
  process.exit(2);
}
const processes = option("--processes", "a number of processes") ?? "1";
if (!/^[1-9]$/.test(processes)) {
  console.error(`bench:quality: --processes takes 1 to 9, not ${processes}`);
  process.exit(2);
}
const dir = resolve(data ?? "tests/fixtures/cuad-dev");
const temp = mkdtempSync(join(tmpdir(), "quality-"));
const out = join(temp, "quality.json");
const run = spawnSync(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "--config", "vitest.quality.config.ts", "--reporter", "dot"], {
  stdio: ["ignore", "inherit", "inherit"],
  env: { ...process.env, QUALITY_DATA: dir, QUALITY_OUT: out, QUALITY_PLAIN: plain ? resolve(plain) : "", QUALITY_CATEGORIES: asked, QUALITY_PROCESSES: processes },
});
if (run.status !== 0) {
  rmSync(temp, { recursive: true, force: true });
  process.exit(run.status ?? 1);
}
const { report, table, categories, json } = JSON.parse(readFileSync(out, "utf8"));
rmSync(temp, { recursive: true, force: true });

const date = new Date().toISOString().slice(0, 10);
/** The commit measured, and whether the code differed from it (src/ or supabase/ changed); nothing outside a git checkout. */
const git = (...words) => spawnSync("git", words, { encoding: "utf8" });
const commit = git("rev-parse", "--short", "HEAD").stdout?.trim();
const changed = commit ? git("status", "--porcelain", "--", "src", "supabase").stdout?.trim() : "";
const at = commit ? ` at ${commit}${changed ? " with uncommitted changes to src/ or supabase/" : ""}` : "";
const called = [data ? `--data ${data}` : "", plain ? `--plain ${plain}` : "", asked !== "all" ? `--categories ${asked}` : ""].filter(Boolean).join(" ");
const plainFile = report.plain ? relative(process.cwd(), report.plain.file) : null;
const markdown = `# Answer quality: ${date}${at}

\`npm run bench:quality${called ? ` -- ${called}` : ""}\`: ${report.questions} labelled questions of ${report.contracts} contracts (${dir.endsWith("cuad-dev") ? "the CUAD dev set, tests/fixtures/cuad-dev" : dir}), each asked of its one contract (the document attached) through the chat's own code: the browser's index, and search_pages on PGlite under the migrations and row-level security. Forms: \`details\`, CUAD's plain words after "Details:"; \`short\`, "What does this contract say about <category>?"; \`plain\`, ${plainFile ? `each question of ${plainFile} (people's own words, five a category) asked of every contract labelled with its category, ${report.plain.questions} questions${report.plain.categories === "all" ? "" : ` (the ${report.plain.categories}-numbered categories only)`}` : "not measured (no plain questions for this data set)"}.

${table}

- hit (by place): a quote counts when its place in the contract overlaps an expert-marked span's (labels.json's \`start\` and \`text\`). The quote is found on the page its citation names (white space collapsed; where that page holds it twice, the copy the citation's offset names), and the page in the contract's text. hitAt1: the first quote; hitAt3: any of the first three. Questions with a span, answered "found".
- hitAt1Text, hitAt3Text: the old rule (issue 29), kept for one release: a quote holds a span's words (lower case, white space collapsed; a span over 40 characters counts when any 40-character run of it is quoted), wherever the quote is. It counts a party's name or a date quoted from another clause as a hit.
- falseNothing: questions with a span answered "I found nothing" or "No … clause was found" (any clause). wrongQuotes: questions with a span answered "found" whose first three quotes hold none of it (by place). For each form, hitAt3 + wrongQuotes + falseNothing = 100 (but for rounding).
- wrongAbsent: questions with a span answered "No X clause was found" where X is the clause of the question's category (tests/quality/concepts.ts maps CUAD's categories to the vocabulary's concepts; X is the concept's \`clause\`): a confident absence of what the experts marked. It is part of falseNothing.
- absentSaid: questions with no span (CUAD's is_impossible) answered "No X clause was found", X the clause of the question's category; an absence of another clause does not count. otherAbsent: questions (all of them) answered "No Y clause was found" for a clause Y the question is not about.
- p95: the 95th percentile of the time to answer one question in Node (not the browser), this machine.
- Plain form's halves: categories numbered by their place in ${plainFile ?? "the plain questions' file"} (the first is 1, odd; the table below numbers them). Tune on one half (\`-- --categories even\`), report the other.

By category (the browser's path; Postgres's quotes the same first passage in ${report.agreement} % of questions; half: the plain questions' half):

${categories}

Data: CUAD v1, the Contract Understanding Atticus Dataset, by The Atticus Project, CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/). Hendrycks, Burns, Chen, Ball (2021), "CUAD: An Expert-Annotated NLP Dataset for Legal Contract Review", arXiv:2103.06268.
`;
writeFileSync("reports/quality.md", markdown);
console.log(`\n${table}\n\n(reports/quality.md written)`);
console.log(json);
