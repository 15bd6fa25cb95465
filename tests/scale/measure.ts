import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import type { PageText } from "../../src/lib/documents/pages";
import { MAX_REVIEW_DOCUMENTS, MAX_REVIEW_QUESTIONS } from "../../src/lib/review/review";
import type { SearchDocument } from "../../src/lib/search/entries";
import { BROWSER_INDEX_MAX_PAGES, handsOver } from "../../src/lib/search/handover";
import { planQuery, searchTerms, type SearchTerms } from "../../src/lib/search/rank";
import type { PageHit } from "../../src/lib/search/results";
import type { SearchScope } from "../../src/lib/search/scope";
import { candidatePages, pageEntryOf, pageFilters } from "../../src/lib/search/serverPages";
import { loadLexicon } from "../../src/lib/search/understand";
import { loadSearchIndex, rebuild } from "../../src/lib/search/worker/searchIndex";
import { createSearchService } from "../../src/lib/search/worker/service";
import { columnsOf, fill, setup } from "../bench/reviewRun";
import { percentile } from "../fixtures/corpus";
import { archive, archiveQuestions, type ArchiveDocument } from "./archive";
import type { ImportedDocument, ImportFigures } from "./importRun";
import { startPostgres } from "./postgres";

// One size of `npm run bench:scale` (scripts/bench-scale.mjs runs it in a process of its own, node --expose-gc):
// SCALE_SIZE documents of the archive (tests/scale/archive.ts), measured on each path, written to SCALE_OUT as JSON.
// Run by itself: SCALE_SIZE=1000 SCALE_OUT=/tmp/s.json node --expose-gc node_modules/.bin/jiti tests/scale/measure.ts

/** The browser index's memory budget: what one tab's search worker may hold of the documents' pages. */
export const BROWSER_MEMORY_BUDGET_MB = 500;
/** The review measured: the most a Review holds (MAX_REVIEW_DOCUMENTS documents by MAX_REVIEW_QUESTIONS questions). */
const REVIEW_DOCUMENTS = MAX_REVIEW_DOCUMENTS;
const REVIEW_QUESTIONS = MAX_REVIEW_QUESTIONS;
/** The import measured: one drop of this many files (the 1,000). */
const IMPORT_FILES = 1000;
/** Questions asked on each path (a third each of All, a case and one document); SCALE_QUESTIONS sets another number. */
const QUESTIONS = Number(process.env.SCALE_QUESTIONS || 120);
const MB = 1024 * 1024;

const size = Number(process.env.SCALE_SIZE ?? 1000);
const out = process.env.SCALE_OUT ?? "scale.json";
const log = (line: string) => process.stderr.write(`[scale ${String(size)}] ${line}\n`);
const gc = () => (globalThis as { gc?: () => void }).gc?.();
const memory = () => {
  gc();
  gc();
  return process.memoryUsage();
};
const round = (n: number, digits = 1) => Number(n.toFixed(digits));
const p95 = (times: number[]) => percentile(times.toSorted((a, b) => a - b), 0.95);

const documents: ArchiveDocument[] = [];
let at = performance.now();
for (const d of archive(size)) documents.push(d);
const pages = documents.reduce((n, d) => n + d.pages.length, 0);
const chars = documents.reduce((n, d) => n + d.pages.reduce((m, p) => m + p.length, 0), 0);
log(`archive: ${String(size)} documents, ${String(pages)} pages, ${String(Math.round(chars / MB))} M characters, made in ${(performance.now() - at).toFixed(0)} ms`);

await loadLexicon();
/** The questions and their scopes: the whole archive (All), a case (Case), and one document (a chip). */
const asked = archiveQuestions(QUESTIONS).map((query, i) => {
  const doc = documents[(i * 7919) % documents.length]!;
  const scope: SearchScope = i % 3 === 0 ? { kind: "all" } : i % 3 === 1 ? { kind: "case", caseId: doc.caseId } : { kind: "documents", docIds: [doc.id] };
  return { query, scope, terms: searchTerms(planQuery(query)) };
});
const scopeName = (scope: SearchScope) => (scope.kind === "documents" ? "document" : scope.kind);

const searchDocument = (d: ArchiveDocument): SearchDocument => ({ id: d.id, title: d.title, caseId: d.caseId, caseTitle: d.caseTitle, unit: "page" });
const pageTexts = (d: ArchiveDocument): PageText[] => d.pages.map((text, i) => ({ number: i + 1, text, source: "text" }));

// ---------------------------------------------------------------------------------------------------------------
// Browser: the whole index of the archive (the worker's own code in Node's V8), unless the workspace hands over.
interface BrowserFigures {
  buildMs: number;
  saveMs: number | null;
  loadMs: number | null;
  memoryMB: number;
  storedMB: number | null;
  searchP95ms: number;
  byScope: Record<string, number>;
}
function measureBrowserIndex(): BrowserFigures {
  const before = memory();
  at = performance.now();
  let index = rebuild(
    documents.map((d) => ({ document: searchDocument(d), pages: pageTexts(d) })),
    [],
  );
  const buildMs = performance.now() - at;
  const after = memory();
  log(`browser: built in ${buildMs.toFixed(0)} ms, heap +${String(Math.round((after.heapUsed - before.heapUsed) / MB))} MB`);
  const times = asked.map(() => Infinity);
  for (let round = 0; round < 2; round += 1) {
    asked.forEach(({ query, scope }, i) => {
      const start = performance.now();
      index.search(query, { scope });
      times[i] = Math.min(times[i] ?? Infinity, performance.now() - start);
    });
  }
  let saveMs: number | null = null;
  let loadMs: number | null = null;
  let storedMB: number | null = null;
  try {
    at = performance.now();
    const json = JSON.stringify(index);
    saveMs = performance.now() - at;
    storedMB = json.length / MB;
    at = performance.now();
    index = loadSearchIndex(json) ?? index;
    loadMs = performance.now() - at;
  } catch (error) {
    log(`browser: the index cannot be saved as one text (${String(error)})`);
  }
  return {
    buildMs,
    saveMs,
    loadMs,
    memoryMB: (after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers) / MB,
    storedMB,
    searchP95ms: p95(times),
    byScope: Object.fromEntries(["all", "case", "document"].map((s) => [s, p95(times.filter((_, i) => scopeName(asked[i]!.scope) === s))])),
  };
}
/**
 * The whole index is measured up to this many pages (the 1,000 size): past it, at 10,000 documents, it would hold about
 * ten times the 1,000 size's memory, far past the budget, and the workspace hands over (src/lib/search/handover.ts).
 */
const MEASURE_BROWSER_MAX_PAGES = 50_000;
const handover = handsOver(pages, true);
const browser = pages <= MEASURE_BROWSER_MAX_PAGES ? measureBrowserIndex() : null;
gc();

// ---------------------------------------------------------------------------------------------------------------
// Postgres: the archive in search_pages's table as one user, searched as PostgREST runs a request.
log("postgres: starting");
const server = await startPostgres();
const { sql } = server;
const [{ id: user } = { id: "" }] = await sql<{ id: string }[]>`insert into auth.users (email) values ('scale@example.com') returning id`;
const claims = JSON.stringify({ sub: user, role: "authenticated" });
const asUser = <T>(run: (tx: postgres.TransactionSql) => Promise<T>) =>
  sql.begin(async (tx) => {
    await tx`set local role authenticated`;
    await tx`select set_config('request.jwt.claims', ${claims}, true)`;
    return run(tx);
  }) as Promise<T>;

at = performance.now();
for (let i = 0; i < documents.length; i += 1000) {
  const batch = documents.slice(i, i + 1000);
  await asUser(
    (tx) => tx`insert into public.documents (id, title, file_name, kind, case_id, case_title, page_count, status)
      select id, title, id || '.txt', 'txt', case_id, case_title, n, 'done'
      from unnest(${batch.map((d) => d.id)}::text[], ${batch.map((d) => d.title)}::text[], ${batch.map((d) => d.caseId)}::text[], ${batch.map((d) => d.caseTitle)}::text[], ${batch.map((d) => d.pages.length)}::int[]) as d (id, title, case_id, case_title, n)`,
  );
}
let batch: { d: string; n: number; t: string }[] = [];
const flush = async () => {
  const rows = batch;
  batch = [];
  await asUser(
    (tx) => tx`insert into public.document_pages (document_id, page_number, text, source)
      select d, n, t, 'text' from unnest(${rows.map((r) => r.d)}::text[], ${rows.map((r) => r.n)}::int[], ${rows.map((r) => r.t)}::text[]) as p (d, n, t)`,
  );
};
for (const d of documents) {
  for (const [i, t] of d.pages.entries()) batch.push({ d: d.id, n: i + 1, t });
  if (batch.length >= 2000) await flush();
}
if (batch.length) await flush();
const loadSeconds = (performance.now() - at) / 1000;
await sql`vacuum analyze public.documents`;
await sql`vacuum analyze public.document_pages`;
const [sizes] = await sql<{ total: number; gin: number }[]>`select pg_total_relation_size('public.document_pages')::float8 as total, pg_relation_size('public.document_pages_tsv')::float8 as gin`;
log(`postgres: ${String(pages)} pages loaded in ${loadSeconds.toFixed(0)} s, table ${String(Math.round((sizes?.total ?? 0) / MB))} MB`);

const searchPages = (terms: SearchTerms, scope: SearchScope) => {
  const filters = pageFilters(scope)!;
  return asUser(
    (tx) => tx<PageHit[]>`select * from public.search_pages(${terms.terms}::text[], ${terms.prefixes}::text[], ${filters.documentIds as string[] | null}::text[], ${filters.caseIds as string[] | null}::text[], ${candidatePages(scope)})`,
  );
};

// The plan of a typical call, and of one per scope: auto_explain logs the function's own statement (a SQL function
// with SET is not inlined, so EXPLAIN of the call shows only a Function Scan).
const explainer = postgres({ host: "127.0.0.1", port: sql.options.port[0], user: "postgres", database: "postgres", max: 1, onnotice: (n) => notices.push(String(n.message)) });
const notices: string[] = [];
await explainer`load 'auto_explain'`;
const explain = async (terms: SearchTerms, scope: SearchScope): Promise<string> => {
  notices.length = 0;
  const filters = pageFilters(scope)!;
  await explainer.begin(async (tx) => {
    await tx`set local auto_explain.log_min_duration = 0`;
    await tx`set local auto_explain.log_analyze = on`;
    await tx`set local auto_explain.log_buffers = on`;
    await tx`set local auto_explain.log_nested_statements = on`;
    await tx`set local client_min_messages = log`;
    await tx`set local role authenticated`;
    await tx`select set_config('request.jwt.claims', ${claims}, true)`;
    await tx`select count(*) from public.search_pages(${terms.terms}::text[], ${terms.prefixes}::text[], ${filters.documentIds as string[] | null}::text[], ${filters.caseIds as string[] | null}::text[], ${candidatePages(scope)})`;
  });
  return notices.filter((n) => n.includes("search_pages") === false || n.includes("Query Text")).join("\n\n");
};
const typical = asked[0]!;
const plans: Record<string, { question: string; plan: string }> = {};
for (const kind of ["all", "case", "document"]) {
  const q = asked.find((a) => scopeName(a.scope) === kind) ?? typical;
  await searchPages(q.terms, q.scope);
  plans[kind] = { question: q.query, plan: await explain(q.terms, q.scope) };
}
await explainer.end();
/** A Seq Scan of the pages (the archive's table); one of documents (the row-level security's subplan) is reported apart. */
const seqScan = Object.values(plans).some(({ plan }) => /Seq Scan on document_pages\b/.test(plan));
const documentsSeqScan = Object.values(plans).some(({ plan }) => /Seq Scan on documents\b/.test(plan));

/** Rounds of the questions on Postgres (each question's best counts) and on the hand-over path: fewer for a short run. */
const ROUNDS = QUESTIONS >= 100 ? 3 : 1;
if (ROUNDS > 1) for (const q of asked) await searchPages(q.terms, q.scope);
const pgTimes = asked.map(() => Infinity);
const found: number[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  for (const [i, q] of asked.entries()) {
    const start = performance.now();
    found[i] = (await searchPages(q.terms, q.scope)).length;
    pgTimes[i] = Math.min(pgTimes[i] ?? Infinity, performance.now() - start);
  }
}
const pgByScope = Object.fromEntries(["all", "case", "document"].map((s) => [s, p95(pgTimes.filter((_, i) => scopeName(asked[i]!.scope) === s))]));
log(`postgres: search_pages p95 ${p95(pgTimes).toFixed(1)} ms (${JSON.stringify(pgByScope)}), seq scan ${String(seqScan)}`);

// The hand-over path: the browser's worker ranks the pages search_pages found (what a Supabase workspace past the
// budget searches with; the terms are read by the worker, then Postgres, then the worker ranks its passages).
const ranker = createSearchService({ load: async () => undefined, save: async () => undefined, pages: async () => [] });
const handoverTimes = asked.map(() => Infinity);
for (let round = 0; round < Math.min(ROUNDS, 2); round += 1) {
  for (const [i, q] of asked.entries()) {
    const start = performance.now();
    const terms = await ranker.terms(q.query);
    const hits = await searchPages(terms, q.scope);
    await ranker.searchWith(q.query, hits.map(pageEntryOf), { scope: q.scope });
    handoverTimes[i] = Math.min(handoverTimes[i] ?? Infinity, performance.now() - start);
  }
}
await server.stop();
log(`hand-over path p95 ${p95(handoverTimes).toFixed(1)} ms`);

// ---------------------------------------------------------------------------------------------------------------
// Review: REVIEW_DOCUMENTS of the archive by REVIEW_QUESTIONS questions through the grid's store (as the code is on this
// branch: its cells in memory, its records as the store keeps them), the search in a worker thread.
const reviewed = documents.slice(0, Math.min(REVIEW_DOCUMENTS, documents.length));
log(`review: ${String(reviewed.length)} x ${String(REVIEW_QUESTIONS)}`);
const grid = await setup(reviewed.map((d) => ({ id: d.id, title: d.title, pages: d.pages })));
const filled = await fill(grid.store, reviewed, columnsOf(REVIEW_QUESTIONS));
const cells = grid.$cells.get().get(filled.id)?.length ?? 0;
await grid.service.close();
const longestStep = Math.max(0, ...grid.steps);
log(`review: ${String(cells)} cells in ${filled.ms.toFixed(0)} ms, longest step ${longestStep.toFixed(1)} ms`);

// ---------------------------------------------------------------------------------------------------------------
// Import: one drop of IMPORT_FILES text files through the upload queue (src/lib/documents/queue.ts), read by the
// reader's own code in a worker thread and embedded by the search service in it, the page's work timed by the event
// loop's delay (the longest task the main thread ran while it worked), in a process of its own that holds only the
// dropped files (tests/scale/importRun.ts), as a tab does.
const imported = documents.slice(0, Math.min(IMPORT_FILES, documents.length));
const importDir = mkdtempSync(join(tmpdir(), "scale-import-"));
writeFileSync(join(importDir, "in.json"), JSON.stringify(imported.map(({ source: _source, ...dropped }): ImportedDocument => dropped)));
const importRun = spawnSync(process.execPath, [...process.execArgv, ...["../../node_modules/jiti/lib/jiti-cli.mjs", "./importRun.ts"].map((f) => fileURLToPath(new URL(f, import.meta.url)))], {
  stdio: ["ignore", "inherit", "inherit"],
  env: { ...process.env, IMPORT_IN: join(importDir, "in.json"), IMPORT_OUT: join(importDir, "out.json") },
});
if (importRun.status !== 0) throw new Error(`the import's process failed (${String(importRun.status)})`);
const importFigures = JSON.parse(readFileSync(join(importDir, "out.json"), "utf8")) as ImportFigures;
rmSync(importDir, { recursive: true, force: true });
const importMs = importFigures.ms;
const longestTask = importFigures.longestTaskMs;
log(`import: ${String(importFigures.files)} files in ${importMs.toFixed(0)} ms, ${String(importFigures.done)} done, longest task ${longestTask.toFixed(1)} ms`);

const figures = {
  documents: size,
  pages,
  browser: {
    buildMs: round(browser?.buildMs ?? 0, 0),
    loadMs: round(browser?.loadMs ?? 0, 0),
    memoryMB: round(browser?.memoryMB ?? 0, 0),
    searchP95ms: round(handover ? p95(handoverTimes) : (browser?.searchP95ms ?? 0)),
    handover,
  },
  postgres: { searchP95ms: round(p95(pgTimes)), seqScan },
  review: { cells, fillMs: round(filled.ms, 0), longestStepMs: round(longestStep) },
  import: { filesPerMinute: round((imported.length / importMs) * 60_000, 0), longestTaskMs: round(longestTask) },
};
const details = {
  characters: chars,
  browser: browser && { ...browser, byScope: browser.byScope },
  budget: { memoryMB: BROWSER_MEMORY_BUDGET_MB, maxPages: BROWSER_INDEX_MAX_PAGES },
  handover: { p95: p95(handoverTimes) },
  postgres: { version: server.version, loadSeconds, tableMB: (sizes?.total ?? 0) / MB, ginMB: (sizes?.gin ?? 0) / MB, byScope: pgByScope, plans, documentsSeqScan, empty: found.filter((n) => n === 0).length, questions: asked.length },
  review: { documents: reviewed.length, questions: REVIEW_QUESTIONS },
  rounds: ROUNDS,
  import: { files: importFigures.files, ms: importMs, done: importFigures.done, failed: importFigures.failed },
};
writeFileSync(out, JSON.stringify({ figures, details }));
log("done");
process.exit(0);
