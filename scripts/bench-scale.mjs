// `npm run bench:scale [-- --sizes 1000,10000]`: the archive-scale benchmark of issue 44. For each size, an archive of
// that many documents made from the CUAD dev contracts (tests/scale/archive.ts, deterministic) is measured on every
// path (tests/scale/measure.ts, one process per size, so one size's memory never weighs on the next): the browser's
// index, search_pages on real Postgres (Debian's package, installed here when missing, as .ci/run installs Chromium),
// a Review and a bulk import through their library code. Writes reports/scale.md and ends with one JSON line.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const args = process.argv.slice(2);
/** The value after an option, or its default. */
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? (args[at + 1] ?? "") : fallback;
};
const sizes = option("--sizes", "1000,10000").split(",").filter(Boolean);
if (sizes.length === 0 || sizes.some((s) => !/^[1-9]\d{0,5}$/.test(s))) {
  console.error("bench:scale: --sizes takes document counts separated by commas, such as 1000,10000");
  process.exit(2);
}
// --questions N: how many questions each path is asked (120 by default; fewer keep a slow size's run short).
const questions = option("--questions", "");
if (questions && !/^[1-9]\d{0,3}$/.test(questions)) {
  console.error("bench:scale: --questions takes a number of questions, such as 30");
  process.exit(2);
}
// --reuse 1000: a size of --sizes not measured again but read from its last run (reports/scale-<size>.json).
const reused = option("--reuse", "").split(",").filter(Boolean);

/** Debian's PostgreSQL server, installed with apt-get (through sudo when not root) when no version of it is there. */
function ensurePostgres() {
  const root = "/usr/lib/postgresql";
  if (existsSync(root) && readdirSync(root).some((v) => existsSync(join(root, v, "bin", "postgres")))) return;
  console.error("[bench:scale] installing Debian's postgresql");
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  const apt = (...words) => execFileSync(sudo[0] ?? words[0], sudo.length ? words : words.slice(1), { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  apt("apt-get", "update");
  apt("apt-get", "install", "-y", "--no-install-recommends", "postgresql");
}
ensurePostgres();

const temp = mkdtempSync(join(tmpdir(), "scale-"));
const results = {};
mkdirSync("reports", { recursive: true });
for (const size of sizes) {
  const kept = join("reports", `scale-${size}.json`);
  if (reused.includes(size)) {
    results[size] = JSON.parse(readFileSync(kept, "utf8"));
    continue;
  }
  const out = join(temp, `${size}.json`);
  const started = Date.now();
  // A heap large enough for the 1,000 size's whole index and the 10,000 size's archive text (about 1 GB of strings).
  const run = spawnSync(process.execPath, ["--expose-gc", "--max-old-space-size=8192", "node_modules/jiti/lib/jiti-cli.mjs", "tests/scale/measure.ts"], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, SCALE_SIZE: size, SCALE_OUT: out, SCALE_QUESTIONS: questions },
  });
  if (run.status !== 0) {
    rmSync(temp, { recursive: true, force: true });
    console.error(`bench:scale: the ${size} size failed`);
    process.exit(run.status ?? 1);
  }
  results[size] = { ...JSON.parse(readFileSync(out, "utf8")), minutes: (Date.now() - started) / 60_000, measured: new Date().toISOString() };
  writeFileSync(kept, JSON.stringify(results[size]));
}
rmSync(temp, { recursive: true, force: true });

const git = (...words) => spawnSync("git", words, { encoding: "utf8" });
const commit = git("rev-parse", "--short", "HEAD").stdout?.trim();
const changed = commit ? git("status", "--porcelain", "--", "src", "supabase", "tests/scale").stdout?.trim() : "";
const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const n = (v, digits = 0) => (v === null || v === undefined ? "n/a" : Number(v).toLocaleString("en-GB", { maximumFractionDigits: digits, minimumFractionDigits: digits }));
const row = (label, pick) => `| ${label} | ${sizes.map((s) => pick(results[s])).join(" | ")} |`;
const table = [
  `| measure | ${sizes.map((s) => `${n(Number(s))} documents`).join(" | ")} |`,
  `|---|${sizes.map(() => "---").join("|")}|`,
  row("pages (characters)", (r) => `${n(r.figures.pages)} (${n(r.details.characters / 1e6)} M)`),
  row("browser: hands over to search_pages (pages over the budget)", (r) => (r.figures.browser.handover ? `yes (over ${n(r.details.budget.maxPages)})` : "no")),
  row("browser: whole index built / saved (JSON) / loaded", (r) => (r.details.browser ? `${n(r.details.browser.buildMs / 1000, 1)} s / ${n(r.details.browser.saveMs / 1000, 1)} s / ${n(r.details.browser.loadMs / 1000, 1)} s` : "not built (over the budget)")),
  row("browser: whole index memory (heap) / stored JSON", (r) => (r.details.browser ? `${n(r.details.browser.memoryMB)} MB / ${n(r.details.browser.storedMB)} MB` : "n/a")),
  row("browser: whole index search p95, all (All / Case / one document)", (r) =>
    r.details.browser ? `${n(r.details.browser.searchP95ms, 1)} ms (${["all", "case", "document"].map((k) => n(r.details.browser.byScope[k], 1)).join(" / ")})` : "n/a",
  ),
  row("hand-over path p95: terms, search_pages, passages ranked in the worker", (r) => `${n(r.details.handover.p95, 1)} ms`),
  row("JSON browser.searchP95ms (the path the workspace takes at this size)", (r) => `${n(r.figures.browser.searchP95ms, 1)} ms`),
  row("postgres: pages loaded as the user / table with indexes / GIN", (r) => `${n(r.details.postgres.loadSeconds)} s / ${n(r.details.postgres.tableMB)} MB / ${n(r.details.postgres.ginMB)} MB`),
  row("postgres: search_pages p95, all (All / Case / one document)", (r) =>
    `${n(r.figures.postgres.searchP95ms, 1)} ms (${["all", "case", "document"].map((k) => n(r.details.postgres.byScope[k], 1)).join(" / ")})`,
  ),
  row("postgres: a Seq Scan on document_pages in the plans (seqScan) / on documents", (r) => `${r.figures.postgres.seqScan ? "yes" : "no"} / ${r.details.postgres.documentsSeqScan ? "yes" : "no"}`),
  row("review: cells (documents x questions) filled in", (r) => `${n(r.figures.review.cells)} (${n(r.details.review.documents)} x ${n(r.details.review.questions)}) in ${n(r.figures.review.fillMs / 1000, 1)} s`),
  row("review: the page's longest step", (r) => `${n(r.figures.review.longestStepMs, 1)} ms`),
  row("import: files (done / failed), files a minute", (r) => `${n(r.details.import.files)} (${n(r.details.import.done)} / ${n(r.details.import.failed)}), ${n(r.figures.import.filesPerMinute)}`),
  row("import: the main thread's longest task", (r) => `${n(r.figures.import.longestTaskMs, 1)} ms`),
  row("questions asked of each path; minutes this size took", (r) => `${n(r.details.postgres.questions)}; ${n(r.minutes, 1)}`),
].join("\n");

const biggest = results[sizes.at(-1)];
const plans = Object.entries(biggest.details.postgres.plans)
  .map(([scope, { question, plan }]) => `### ${scope === "all" ? "All (both lists null)" : scope === "case" ? "A case" : "One document (a chip)"}: "${question}"\n\n\`\`\`\n${plan.trim()}\n\`\`\``)
  .join("\n\n");
const markdown = `# Archive scale: ${new Date().toISOString().slice(0, 10)}${commit ? ` at ${commit}${changed ? " with uncommitted changes" : ""}` : ""}

\`npm run bench:scale -- --sizes ${sizes.join(",")}${questions ? ` --questions ${questions}` : ""}${reused.length ? ` --reuse ${reused.join(",")}` : ""}\` on this machine (2 cores, shared; load average ${load} when it ended${reused.length ? `; sizes ${reused.join(", ")} as measured ${reused.map((s) => results[s].measured ?? "before").join(", ")}` : ""}). The archive: varied copies of
the 38 CUAD dev contracts (tests/fixtures/cuad-dev, CC BY 4.0: other parties, dates moved, a third of the clauses
swapped, 16 to 36 pages of 3,000 characters), seed 44, cases of 10 documents. Questions: plain questions
(tests/fixtures/plain-questions), a third each asked of All, of a case and of one document; p95 over each question's best of
two (browser) or three (Postgres) runs (one run each with fewer than 100 questions). Browser: the search worker's own code (src/lib/search/worker) in Node's V8, one
thread. Postgres: ${biggest.details.postgres.version} (Debian), 127.0.0.1, a temporary data directory, shared_buffers 1 GB, fsync off
(the load only), the Supabase shim and every migration, one user under row-level security, each request as PostgREST
runs it (a transaction, the authenticated role, the JWT claims). Review and import: the code as it is on this branch,
through its library functions, not the screens (review: the grid's store, the search in a worker thread; import: the
upload queue of src/lib/documents/queue.ts, IMPORT_STEP files queued a task as the page does, the reader's code and the
search service in a worker thread, in a process of its own (tests/scale/importRun.ts) that holds what a tab holds: the
files' bytes and the pages read kept as bytes, out of the heap, as a tab's File objects and IndexedDB keep them; the
longest task is the event loop's largest delay, garbage collection included).

${table}

The workspace's budget for the browser's index: ${n(biggest.details.budget.memoryMB)} MB; a Supabase workspace holding more than
${n(biggest.details.budget.maxPages)} pages hands the search of pages over to search_pages (src/lib/search/handover.ts).

## search_pages at ${n(biggest.figures.pages)} pages: the plans (auto_explain, ANALYZE and BUFFERS, nested statements)

${plans}
`;
writeFileSync("reports/scale.md", markdown);
console.log(table);
console.log(JSON.stringify({ sizes: Object.fromEntries(sizes.map((s) => [s, results[s].figures])) }));
