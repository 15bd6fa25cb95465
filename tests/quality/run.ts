/**
 * The quality benchmark (issue 29): every labelled question asked of its one contract, through the code the chat uses
 * (answerQuestion, the search service of the worker, and with Supabase createServerRetriever over search_pages on
 * PGlite, under the migrations and row-level security), in two forms, on two paths.
 *
 * Data: a folder of the layout of tests/fixtures/cuad-dev (CUAD, The Atticus Project, CC BY 4.0; see its README):
 * contracts/<id>.txt and labels.json. Contracts are read as a TXT upload is (ingest), each asked with its document
 * attached, as a lawyer asks "this contract".
 */
import { readFileSync } from "node:fs";
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
import { contractsFolder, CUAD_DEV, detailsOf, readLabels, type CuadLabel } from "../fixtures/cuadDev";
import { asRole, migratedDb, signUp } from "../unit/db/harness";
import { agreement, figures, type Answered, type Asked, type Figures } from "./metrics";

/** The development set kept in the project. */
export const DEV_SET = CUAD_DEV.pathname;

export const FORMS = ["details", "short"] as const;
export type Form = (typeof FORMS)[number];
export const PATHS = ["browser", "postgres"] as const;
export type Path = (typeof PATHS)[number];


/** A question in one of its forms: CUAD's plain words after "Details:", or the short form a person types. */
export function questionOf(label: Pick<CuadLabel, "question" | "category">, form: Form): string {
  if (form === "short") return `What does this contract say about ${label.category.toLowerCase()}?`;
  return detailsOf(label.question);
}

/** The sentences the verdicts start with, taken from the replies' own wording. */
const NOTHING_START = noResultReply("WHERE").content.split("WHERE")[0] as string;
const [ABSENT_START, ABSENT_MIDDLE] = absentSentence({ clause: "CLAUSE" }, "WHERE").split(/CLAUSE|WHERE/) as [string, string];

/** What a reply said: its quotes (the citations, in order) and its verdict. */
export function verdictOf(reply: Reply, ms: number): Answered {
  const quotes = (reply.citations ?? []).map((c) => c.quote ?? "");
  const first = reply.content.split("\n")[0] ?? "";
  const verdict = reply.content.startsWith(NOTHING_START) ? "nothing" : first.startsWith(ABSENT_START) && first.includes(ABSENT_MIDDLE) ? "absent" : "found";
  return { quotes, verdict, ms };
}

const NO_LIBRARIES = {} as IngestLibraries;

/** The data set: each contract read as a TXT upload, and the labels. */
export async function loadDataSet(dir: string) {
  const labels = readLabels(dir);
  const ids = [...new Set(labels.map((l) => l.contract))];
  const documents: { document: SearchDocument; pages: PageText[] }[] = [];
  for (const id of ids) {
    const bytes = new Uint8Array(readFileSync(new URL(`${id}.txt`, contractsFolder(dir))));
    const read = await ingest("txt", bytes, NO_LIBRARIES);
    if (!read.ok) throw new Error(`${id}: ${read.reason}`);
    documents.push({ document: { id, title: id, caseId: "case-bench", caseTitle: "Benchmark", unit: read.unit }, pages: read.pages });
  }
  return { labels, documents };
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
async function ask(data: DataSet, retriever: Retriever, form: Form): Promise<Asked[]> {
  const context = { caseOf: () => "case-bench", caseTitle: () => "Benchmark", isKnowledgeItem: () => false };
  const asked: Asked[] = [];
  for (const label of data.labels) {
    const chip = { type: "document" as const, id: label.contract, label: label.contract };
    const decision = decideScope("all", [chip], null, context);
    const start = performance.now();
    const { reply } = await answerQuestion(questionOf(label, form), decision, retriever);
    asked.push({ category: label.category, spans: label.answers.map((a) => a.text), impossible: label.is_impossible, answered: verdictOf(reply, performance.now() - start) });
  }
  return asked;
}

export interface QualityReport {
  /** Per CUAD category, on the browser's path: the figures of each form. */
  categories: { category: string; details: Figures; short: Figures }[];
  browser: Record<Form, Figures>;
  postgres: Record<Form, Figures>;
  agreement: number;
  questions: number;
  contracts: number;
}

/** Runs the benchmark on a data set: both paths, both forms. */
export async function measureQuality(dir: string = DEV_SET, paths: readonly Path[] = PATHS): Promise<QualityReport> {
  const data = await loadDataSet(dir);
  const answers: Partial<Record<Path, Record<Form, Asked[]>>> = {};
  for (const path of paths) {
    const made = path === "browser" ? { retriever: await browserRetriever(data), close: async () => undefined } : await postgresRetriever(data);
    try {
      answers[path] = { details: await ask(data, made.retriever, "details"), short: await ask(data, made.retriever, "short") };
    } finally {
      await made.close();
    }
  }
  const of = (path: Path) => {
    const set = answers[path] ?? answers.browser ?? answers.postgres;
    return { details: figures(set?.details ?? []), short: figures(set?.short ?? []) };
  };
  const agreed = FORMS.flatMap((form) => {
    const a = answers.browser?.[form];
    const b = answers.postgres?.[form];
    return a && b ? [agreement(a.map((x) => x.answered), b.map((x) => x.answered))] : [];
  });
  const set = answers.browser ?? answers.postgres;
  const names = [...new Set(data.labels.map((l) => l.category))];
  const categories = names.map((category) => ({
    category,
    details: figures((set?.details ?? []).filter((a) => a.category === category)),
    short: figures((set?.short ?? []).filter((a) => a.category === category)),
  }));
  return {
    categories,
    browser: of("browser"),
    postgres: of("postgres"),
    agreement: agreed.length ? Math.min(...agreed) : 0,
    questions: data.labels.length,
    contracts: data.documents.length,
  };
}
