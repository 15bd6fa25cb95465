/**
 * The quality benchmark (issues 29 and 42): every labelled question asked of its one contract, through the code the
 * chat uses (answerQuestion, the search service of the worker, and with Supabase createServerRetriever over
 * search_pages on PGlite, under the migrations and row-level security), in three forms, on two paths.
 *
 * Data: a folder of the layout of tests/fixtures/cuad-dev (CUAD, The Atticus Project, CC BY 4.0; see its README):
 * contracts/<id>.txt and labels.json; for the plain form, a file of plain questions per category (the dev set's is
 * tests/fixtures/plain-questions, CC0 1.0; another folder's is its plain-questions.json, or the one named). Contracts
 * are read as a TXT upload is (ingest), each asked with its document attached, as a lawyer asks "this contract".
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Transaction } from "@electric-sql/pglite";
import { ingest, type IngestLibraries } from "../../src/lib/documents/worker/ingest";
import { type PageText } from "../../src/lib/documents/pages";
import { absentSentence, answerQuestion, decideScope, noResultReply, type Reply } from "../../src/lib/dash/answer/answer";
import type { SearchDocument } from "../../src/lib/search/entries";
import type { Retriever } from "../../src/lib/search/results";
import type { PageRanker } from "../../src/lib/search/serverPages";
import { createServerRetriever } from "../../src/lib/search/serverPages";
import { createSearchService } from "../../src/lib/search/worker/service";
import type { PageHit } from "../../src/lib/search/results";
import { contractsFolder, contractText, CUAD_DEV, detailsOf, PLAIN_QUESTIONS, readLabels, readPlainQuestions, type CuadLabel } from "../fixtures/cuadDev";
import { asRole, migratedDb, signUp } from "../unit/db/harness";
import { clauseOf } from "./concepts";
import { agreement, figures, type Answered, type Asked, type Figures } from "./metrics";
import { locator, type Locator } from "./place";

/** The development set kept in the project. */
export const DEV_SET = CUAD_DEV.pathname;

/** The forms: CUAD's plain words after "Details:", "What does this contract say about <category>?", and people's own words. */
export const FORMS = ["details", "short", "plain"] as const;
export type Form = (typeof FORMS)[number];
/** The forms every data set has; plain needs a file of plain questions. */
type LabelForm = Exclude<Form, "plain">;
/** The two halves of the plain questions' categories, by their place in the file (1-based: the first is odd). */
export const HALVES = ["even", "odd"] as const;
export type Half = (typeof HALVES)[number];
/** The categories the plain form is asked about: one half, or all. */
export type Categories = Half | "all";
export const PATHS = ["browser", "postgres"] as const;
export type Path = (typeof PATHS)[number];


/** A question in one of its forms: CUAD's plain words after "Details:", or the short form a person types. */
export function questionOf(label: Pick<CuadLabel, "question" | "category">, form: LabelForm): string {
  if (form === "short") return `What does this contract say about ${label.category.toLowerCase()}?`;
  return detailsOf(label.question);
}

/** The sentences the verdicts start with, taken from the replies' own wording. */
const NOTHING_START = noResultReply("WHERE").content.split("WHERE")[0] as string;
const [ABSENT_START, ABSENT_MIDDLE] = absentSentence({ clause: "CLAUSE" }, "WHERE").split(/CLAUSE|WHERE/) as [string, string];

/** Where a citation's quote starts in its page's text, as its id ends ("page:doc-1:3#120"): which copy, when a page holds two. */
const hintOf = (id: string): number | undefined => {
  const at = /#(\d+)$/.exec(id)?.[1];
  return at === undefined ? undefined : Number(at);
};

/**
 * What a reply said: its quotes (the citations, in order), where each is in its contract (by the locators of the
 * contracts, by document id), its verdict, and for an absence the clause it names.
 */
export function verdictOf(reply: Reply, ms: number, locators: ReadonlyMap<string, Locator> = new Map()): Answered {
  const citations = reply.citations ?? [];
  const quotes = citations.map((c) => c.quote ?? "");
  const places = citations.map((c) => {
    const at = c.ref?.kind === "page" ? locators.get(c.ref.docId) : undefined;
    return at && c.quote ? at.quote(c.page, c.quote, hintOf(c.id)) : null;
  });
  const first = reply.content.split("\n")[0] ?? "";
  if (reply.content.startsWith(NOTHING_START)) return { quotes, places, verdict: "nothing", ms };
  const middle = first.indexOf(ABSENT_MIDDLE);
  if (first.startsWith(ABSENT_START) && middle > ABSENT_START.length) return { quotes, places, verdict: "absent", absentClause: first.slice(ABSENT_START.length, middle), ms };
  return { quotes, places, verdict: "found", ms };
}

const NO_LIBRARIES = {} as IngestLibraries;

/** The plain questions a data set is asked: the file named, else the folder's plain-questions.json, else (the dev set) the project's. */
export function plainFileOf(dir: string): string | null {
  const own = `${dir.replace(/\/$/, "")}/plain-questions.json`;
  if (existsSync(own)) return own;
  return dir.replace(/\/$/, "") === DEV_SET.replace(/\/$/, "") ? fileURLToPath(PLAIN_QUESTIONS) : null;
}

/** One question as asked: the label of its contract and category, and its words. */
interface Question {
  label: CuadLabel;
  text: string;
}

/** The data set: each contract read as a TXT upload (and where its pages are in its text), the labels, the plain questions. */
export async function loadDataSet(dir: string, plainFile: string | null = null, categories: Categories = "all") {
  const labels = readLabels(dir);
  const ids = [...new Set(labels.map((l) => l.contract))];
  const documents: { document: SearchDocument; pages: PageText[] }[] = [];
  const locators = new Map<string, Locator>();
  for (const id of ids) {
    const bytes = new Uint8Array(readFileSync(new URL(`${id}.txt`, contractsFolder(dir))));
    const read = await ingest("txt", bytes, NO_LIBRARIES);
    if (!read.ok) throw new Error(`${id}: ${read.reason}`);
    documents.push({ document: { id, title: id, caseId: "case-bench", caseTitle: "Benchmark", unit: read.unit }, pages: read.pages });
    const pages = [...read.pages].sort((a, b) => a.number - b.number);
    if (pages.some((page, i) => page.number !== i + 1)) throw new Error(`${id}: pages not numbered 1 to ${String(pages.length)}`);
    locators.set(id, locator(contractText(id, dir), pages.map((page) => page.text)));
  }
  const plain = plainFile ? readPlainQuestions(plainFile) : null;
  /** Each plain category's half, by its place in the file. */
  const halves = new Map(plain?.categories.map((category, i) => [category, (i + 1) % 2 === 0 ? ("even" as const) : ("odd" as const)]));
  const questions: Record<Form, Question[]> = {
    details: labels.map((label) => ({ label, text: questionOf(label, "details") })),
    short: labels.map((label) => ({ label, text: questionOf(label, "short") })),
    plain: plain
      ? labels
          .filter((label) => categories === "all" || halves.get(label.category) === categories)
          .flatMap((label) => (plain.questions[label.category] ?? []).map((text) => ({ label, text })))
      : [],
  };
  return { labels, documents, locators, questions, halves, plainFile: plain ? plainFile : null };
}

type DataSet = Awaited<ReturnType<typeof loadDataSet>>;

/** A search service of the worker's kind, in memory (what the search worker holds for one user). */
const memoryService = () => createSearchService({ load: async () => undefined, save: async () => undefined, pages: async () => [] });

/** The browser's path: every contract in the index, asked through the worker's search service. */
async function browserRetriever(data: DataSet): Promise<Retriever> {
  const service = memoryService();
  for (const { document, pages } of data.documents) await service.add(document, pages);
  return service;
}

/** Postgres's path: the contracts' pages in document_pages as one user, search_pages called as that user. */
async function postgresRetriever(data: DataSet): Promise<{ retriever: Retriever; close: () => Promise<void> }> {
  const db = await migratedDb();
  const user = await signUp(db, "bench@example.com");
  const asUser = <T>(run: (tx: Transaction) => Promise<T>) => asRole(db, "authenticated", user, run);
  for (const { document, pages } of data.documents) {
    await asUser(async (tx) => {
      await tx.query(
        "insert into public.documents (id, title, file_name, kind, case_id, case_title, page_count, status) values ($1, $2, $1 || '.txt', 'txt', $3, $4, $5, 'done')",
        [document.id, document.title, document.caseId, document.caseTitle, pages.length],
      );
      await tx.query(
        "insert into public.document_pages (document_id, page_number, text, source) select $1, n, t, 'text' from unnest($2::int[], $3::text[]) as p (n, t)",
        [document.id, pages.map((p) => p.number), pages.map((p) => p.text)],
      );
    });
  }
  await db.exec("analyze public.documents; analyze public.document_pages;");
  // The browser's side of a Supabase workspace: the worker's service, holding knowledge items only (none here).
  const local: Retriever & PageRanker = memoryService();
  const retriever = createServerRetriever(local, ({ terms, prefixes }, { documentIds, caseIds }, limit) =>
    asUser(async (tx) => (await tx.query<PageHit>("select * from public.search_pages($1, $2, $3, $4, $5)", [terms, prefixes, documentIds, caseIds, limit])).rows),
  );
  return { retriever, close: () => db.close() };
}

/** Every question of the data set in one form, asked of its contract through a retriever. */
async function ask(data: DataSet, retriever: Retriever, form: Form, part: Part): Promise<Asked[]> {
  const context = { caseOf: () => "case-bench", caseTitle: () => "Benchmark", isKnowledgeItem: () => false };
  const asked: Asked[] = [];
  for (const { label, text } of data.questions[form].filter((_, i) => i % part.of === part.index)) {
    const chip = { type: "document" as const, id: label.contract, label: label.contract };
    const decision = decideScope("all", [chip], null, context);
    const start = performance.now();
    const { reply } = await answerQuestion(text, decision, retriever);
    const answered = verdictOf(reply, performance.now() - start, data.locators);
    asked.push({ category: label.category, clause: clauseOf(label.category), spans: label.answers, impossible: label.is_impossible, answered });
  }
  return asked;
}

export interface QualityReport {
  /** The forms measured: details and short always, plain when there are plain questions. */
  forms: Form[];
  /** Per CUAD category, on the browser's path: the figures of each form (plain: null where it was not asked). */
  categories: { category: string; half: Half | null; details: Figures; short: Figures; plain: Figures | null }[];
  browser: Partial<Record<Form, Figures>>;
  postgres: Partial<Record<Form, Figures>>;
  /** The plain form's figures for each half of the categories measured, on each path. */
  halves: { half: Half; browser: Figures; postgres: Figures }[];
  /** The plain questions' file, the categories asked and how many questions that made (a path). */
  plain: { file: string; categories: Categories; questions: number } | null;
  /** The share of questions both paths quote the same first passage for: the lowest of the forms. */
  agreement: number;
  questions: number;
  contracts: number;
}

/**
 * What to measure beside the data set: the paths, the plain questions' file (null: no plain form; undefined: the data
 * set's, see plainFileOf), their categories, and how many processes share the questions (1: this one alone).
 */
export interface MeasureOptions {
  paths?: readonly Path[];
  plain?: string | null;
  categories?: Categories;
  processes?: number;
}

/** One process's share of each form's questions: those whose place in the form's list is `index` modulo `of`. */
export interface Part {
  index: number;
  of: number;
}

/** The answers of a data set, each path's and each form's, in the order of its questions (of a part: its share). */
export type Answers = Partial<Record<Path, Partial<Record<Form, Asked[]>>>>;

/** The forms a data set is asked in: plain when it has plain questions. */
const formsOf = (data: DataSet): Form[] => FORMS.filter((form) => form !== "plain" || data.plainFile);

/** A part of the questions asked in this process: each path's retriever made, every form's share asked, the retriever closed. */
async function answersOf(data: DataSet, paths: readonly Path[], part: Part): Promise<Answers> {
  const answers: Answers = {};
  for (const path of paths) {
    const made = path === "browser" ? { retriever: await browserRetriever(data), close: async () => undefined } : await postgresRetriever(data);
    try {
      const asked: Partial<Record<Form, Asked[]>> = {};
      for (const form of formsOf(data)) asked[form] = await ask(data, made.retriever, form, part);
      answers[path] = asked;
    } finally {
      await made.close();
    }
  }
  return answers;
}

/** A part of the questions of a data set, asked in this process (measure.quality.ts runs it for measureQuality's other processes). */
export async function measurePart(dir: string, options: MeasureOptions, part: Part): Promise<Answers> {
  const data = await loadDataSet(dir, options.plain === undefined ? plainFileOf(dir) : options.plain, options.categories);
  return answersOf(data, options.paths ?? PATHS, part);
}

/** The parts of the answers put back in the questions' order: the i-th question is part i % n's (i / n)-th. */
export function mergeParts(parts: readonly Answers[]): Answers {
  const merged: Answers = {};
  for (const path of PATHS) {
    for (const form of FORMS) {
      const lists = parts.map((p) => p[path]?.[form]);
      if (lists.some((list) => !list)) continue;
      const total = lists.reduce((n, list) => n + (list?.length ?? 0), 0);
      merged[path] = { ...merged[path], [form]: Array.from({ length: total }, (_, i) => lists[i % lists.length]?.[Math.floor(i / lists.length)] as Asked) };
    }
  }
  return merged;
}

/** The project's folder: where another process of the benchmark runs from. */
const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * A part of the questions asked in another process: Vitest run on measure.quality.ts (vitest.quality.config.ts), which
 * writes the part's answers to a file. Rejects with what the process said when it fails.
 */
function partInProcess(dir: string, data: DataSet, options: MeasureOptions, part: Part): Promise<Answers> {
  const temp = mkdtempSync(join(tmpdir(), "quality-part-"));
  const out = join(temp, "answers.json");
  // Not this run's Vitest variables: the other process is a run of its own.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("VITEST")));
  Object.assign(env, {
    QUALITY_DATA: dir,
    QUALITY_PLAIN: data.plainFile ?? "none",
    QUALITY_CATEGORIES: options.categories ?? "all",
    QUALITY_PATHS: (options.paths ?? PATHS).join(","),
    QUALITY_PART: `${String(part.index)}/${String(part.of)}`,
    QUALITY_OUT: out,
  });
  return new Promise<Answers>((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, "node_modules/vitest/vitest.mjs"), "run", "--config", "vitest.quality.config.ts", "--reporter", "dot"], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let said = "";
    child.stdout.on("data", (chunk: Buffer) => (said += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (said += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      try {
        if (code !== 0) throw new Error(`the benchmark's part ${String(part.index)}/${String(part.of)} failed (exit ${String(code)}):\n${said.slice(-4000)}`);
        resolve((JSON.parse(readFileSync(out, "utf8")) as { answers: Answers }).answers);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      } finally {
        rmSync(temp, { recursive: true, force: true });
      }
    });
  });
}

/**
 * Runs the benchmark on a data set: both paths, the three forms (plain when the data set has plain questions). With
 * `processes` above 1, the questions are shared between this process and others (the same answers, in less time on a
 * machine with the cores for it: each process asks its share through retrievers of its own).
 */
export async function measureQuality(dir: string = DEV_SET, options: MeasureOptions = {}): Promise<QualityReport> {
  const { paths = PATHS, categories = "all", processes = 1 } = options;
  const data = await loadDataSet(dir, options.plain === undefined ? plainFileOf(dir) : options.plain, categories);
  const forms = formsOf(data);
  const others = Array.from({ length: Math.max(0, processes - 1) }, (_, i) =>
    partInProcess(dir, data, options, { index: i + 1, of: processes }).then(
      (answers) => ({ answers }),
      (error: unknown) => ({ error }),
    ),
  );
  const own = await answersOf(data, paths, { index: 0, of: Math.max(1, processes) });
  const parts = [own];
  for (const other of await Promise.all(others)) {
    if ("error" in other) throw other.error;
    parts.push(other.answers);
  }
  const answers = parts.length > 1 ? mergeParts(parts) : own;
  const setOf = (path: Path) => answers[path] ?? answers.browser ?? answers.postgres ?? {};
  const of = (path: Path) => Object.fromEntries(forms.map((form) => [form, figures(setOf(path)[form] ?? [])])) as Partial<Record<Form, Figures>>;
  const agreed = forms.flatMap((form) => {
    const a = answers.browser?.[form];
    const b = answers.postgres?.[form];
    return a && b ? [agreement(a.map((x) => x.answered), b.map((x) => x.answered))] : [];
  });
  const set = setOf("browser");
  const inCategory = (category: string) => (a: Asked) => a.category === category;
  const names = [...new Set(data.labels.map((l) => l.category))];
  const asked = (category: string) => data.questions.plain.some((q) => q.label.category === category);
  const halfOf = (half: Half) => (a: Asked) => data.halves.get(a.category) === half;
  return {
    forms,
    categories: names.map((category) => ({
      category,
      half: data.halves.get(category) ?? null,
      details: figures((set.details ?? []).filter(inCategory(category))),
      short: figures((set.short ?? []).filter(inCategory(category))),
      plain: asked(category) ? figures((set.plain ?? []).filter(inCategory(category))) : null,
    })),
    browser: of("browser"),
    postgres: of("postgres"),
    halves: data.plainFile
      ? HALVES.filter((half) => categories === "all" || categories === half).map((half) => ({
          half,
          browser: figures((setOf("browser").plain ?? []).filter(halfOf(half))),
          postgres: figures((setOf("postgres").plain ?? []).filter(halfOf(half))),
        }))
      : [],
    plain: data.plainFile ? { file: data.plainFile, categories, questions: data.questions.plain.length } : null,
    agreement: agreed.length ? Math.min(...agreed) : 0,
    questions: data.labels.length,
    contracts: data.documents.length,
  };
}
