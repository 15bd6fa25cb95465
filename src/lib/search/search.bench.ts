import { gzipSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import type { PageText } from "../documents/ingest";
import type { KnowledgeInput, SearchDocument } from "./entries";
import type { SearchScope } from "./scope";
import { loadSearchIndex, rebuild } from "./searchIndex";

const DOCUMENTS = 100;
const PAGES_PER_DOCUMENT = 20;
const WORDS_PER_PAGE = 500;
const CASES = 20;
const KNOWLEDGE_ITEMS = 60;
const QUERIES = 200;

/** The budgets: a search well inside a frame and a half, and loading a stored index before the user finishes typing. */
const SEARCH_P95_MS = 20;
const LOAD_MS = 300;

/** mulberry32: the same corpus on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = seeded(2025);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

const LEGAL = (
  "agreement lease tenant landlord deposit rent premises term termination notice breach remedy damages liquidated " +
  "indemnity warranty representation liability limitation claim claimant defendant plaintiff court judgment appeal " +
  "applicant respondent evidence witness testimony affidavit motion dismiss jurisdiction arbitration arbitrator award " +
  "contract clause schedule annex party parties obligation consideration payment instalment invoice interest default " +
  "guarantee guarantor security mortgage charge property land title registration transfer shares shareholder director " +
  "company board resolution meeting quorum dividend capital employment employee employer dismissal redundancy " +
  "compensation salary wages leave probation confidentiality disclosure data protection processing controller " +
  "processor consent commissioner fine penalty offence accused prosecution sentence conviction acquittal bail custody " +
  "probate estate will executor administrator heir inheritance succession trust trustee beneficiary settlement " +
  "negotiation mediation costs fees advocate counsel hearing adjournment injunction order decree execution enforcement " +
  "insolvency liquidation receiver creditor debtor bankruptcy tax vat stamp duty permit licence planning building " +
  "construction contractor employer architect certificate defects completion delay extension variation retention " +
  "insurance policy premium insurer insured negligence tort duty care causation loss foreseeability contributory " +
  "statute regulation directive section article paragraph subsection provision interpretation definition schedule " +
  "force majeure frustration rescission termination renewal option assignment sublease subletting consent waiver"
).split(" ");
const SUFFIXES = ["", "s", "ed", "ing", "al", "ly", "ment", "ary", "ive"];
const PLACES = ["Nicosia", "Limassol", "Larnaca", "Paphos", "Famagusta", "Kyrenia", "Λεμεσός", "Λευκωσία", "Πάφος"];
const NAMES = ["Georgiou", "Charalambous", "Kyprianou", "Hadjipetrou", "Ioannou", "Constantinou", "Papadopoulos", "Nicolaou"];
const FUNCTION = "the of and to in a for by with on that is shall be any or as at from this such not may which".split(" ");

/** About 20,000 distinct words: legal words and their forms, places, names, case numbers and amounts. */
const FORMS = LEGAL.flatMap((word) => SUFFIXES.map((suffix) => word + suffix));
const RARE = Array.from({ length: 16000 }, (_, i) => `${pick(NAMES).toLowerCase()}${String(i)}`);

/** Word frequencies fall off as in real text: a few words are everywhere, most are rare. */
function word(): string {
  const r = random();
  if (r < 0.4) return pick(FUNCTION);
  if (r < 0.85) return FORMS[Math.floor(random() ** 3 * FORMS.length)] as string;
  if (r < 0.9) return pick(PLACES);
  if (r < 0.94) return pick(NAMES);
  if (r < 0.97) return `${String(Math.floor(random() * 900) + 100)}/${String(2000 + Math.floor(random() * 26))}`;
  return RARE[Math.floor(random() ** 2 * RARE.length)] as string;
}

const sentence = (): string => {
  const words = Array.from({ length: 8 + Math.floor(random() * 16) }, word);
  return `${words.join(" ")}.`;
};

function pageText(): string {
  let text = "";
  let count = 0;
  while (count < WORDS_PER_PAGE) {
    const next = sentence();
    text += (text ? " " : "") + next;
    count += next.split(" ").length;
  }
  return text;
}

function corpus() {
  const documents = Array.from({ length: DOCUMENTS }, (_, d) => {
    const document: SearchDocument = {
      id: `doc-${String(d)}`,
      title: `${pick(LEGAL)} ${pick(LEGAL)} ${pick(NAMES)} ${String(d)}`,
      caseId: `case-${String(d % CASES)}`,
      caseTitle: `${pick(NAMES)} v. ${pick(NAMES)}`,
      unit: "page" as const,
    };
    const pages: PageText[] = Array.from({ length: PAGES_PER_DOCUMENT }, (_, p) => ({ number: p + 1, text: pageText(), source: "text" }));
    return { document, pages };
  });
  const knowledge: KnowledgeInput[] = Array.from({ length: KNOWLEDGE_ITEMS }, (_, k) => ({
    id: `kb-${String(k)}`,
    title: `${pick(LEGAL)} ${pick(LEGAL)} law ${String(k)}`,
    type: pick(["internal", "law", "judgment"] as const),
    source: "External",
    description: sentence(),
    ...(k % 2 === 0 ? { text: `${sentence()} ${sentence()} ${sentence()}` } : {}),
  }));
  return { documents, knowledge };
}

/** Questions of one to six words: common and rare words, typos, a word being typed, absent words, and scopes. */
function queries(): { query: string; scope: SearchScope }[] {
  const typo = (w: string) => (w.length > 5 ? w.slice(0, 2) + w.slice(3) : w);
  return Array.from({ length: QUERIES }, (_, q) => {
    const words = Array.from({ length: 1 + (q % 6) }, () => (random() < 0.7 ? pick(FORMS) : word()));
    if (q % 7 === 0) words.push(typo(pick(FORMS)));
    if (q % 5 === 0) words.push(pick(LEGAL).slice(0, 4));
    if (q % 11 === 0) words.push("miranda");
    const scope: SearchScope =
      q % 4 === 1 ? { kind: "case", caseId: `case-${String(q % CASES)}` } : q % 4 === 2 ? { kind: "firm" } : { kind: "all" };
    return { query: `${q % 3 === 0 ? "what does the " : ""}${words.join(" ")}`, scope };
  });
}

const ms = (t: number) => `${t.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const median = (times: number[]) => percentile(times.toSorted((a, b) => a - b), 0.5);

const seed = corpus();
const questions = queries();
const totalWords = seed.documents.reduce((sum, { pages }) => sum + pages.reduce((s, page) => s + page.text.split(" ").length, 0), 0);

describe(`search, ${String(DOCUMENTS * PAGES_PER_DOCUMENT)} pages`, () => {
  test("build, search, store and load", async ({ bench }) => {
    let start = performance.now();
    const index = rebuild(seed.documents, seed.knowledge);
    const build = performance.now() - start;

    // Each query's best of three runs, so a garbage collection or a busy machine does not count as the search.
    const times = questions.map(() => Infinity);
    let empty = 0;
    for (let round = 0; round < 3; round += 1) {
      questions.forEach(({ query, scope }, i) => {
        start = performance.now();
        const found = index.search(query, { scope }).length;
        times[i] = Math.min(times[i] ?? Infinity, performance.now() - start);
        if (round === 0 && found === 0) empty += 1;
      });
    }
    times.sort((a, b) => a - b);

    start = performance.now();
    const json = JSON.stringify(index);
    const stringify = performance.now() - start;
    const stored = JSON.parse(json) as { entries: unknown; index: unknown };
    const entriesBytes = JSON.stringify(stored.entries).length;
    const indexBytes = JSON.stringify(stored.index).length;
    const loads = Array.from({ length: 3 }, () => {
      const at = performance.now();
      loadSearchIndex(json);
      return performance.now() - at;
    });

    const reindex = Array.from({ length: 5 }, (_, i) => {
      const { document, pages } = seed.documents[i * 7] ?? { document: seed.documents[0]?.document, pages: [] };
      if (!document) return 0;
      const at = performance.now();
      index.addDocument(document, pages);
      return performance.now() - at;
    });

    console.log(
      [
        "",
        `Search library benchmark: ${String(DOCUMENTS * PAGES_PER_DOCUMENT)} pages, ${totalWords.toLocaleString("en-GB")} words, ${String(KNOWLEDGE_ITEMS)} knowledge items`,
        `| measure | value |`,
        `|---|---|`,
        `| build the index | ${ms(build)} |`,
        `| search, ${String(QUERIES)} queries (best of 3 each): p50 / p95 / max | ${ms(percentile(times, 0.5))} / ${ms(percentile(times, 0.95))} / ${ms(times.at(-1) ?? 0)} |`,
        `| queries with no relevant result | ${String(empty)} of ${String(QUERIES)} |`,
        `| stored JSON: raw / gzip | ${mb(json.length)} / ${mb(gzipSync(json).length)} |`,
        `| of which page texts and entries / MiniSearch index | ${mb(entriesBytes)} / ${mb(indexBytes)} |`,
        `| JSON.stringify the index | ${ms(stringify)} |`,
        `| load the stored index: best / median of 3 | ${ms(Math.min(...loads))} / ${ms(median(loads))} |`,
        `| re-index one 20-page document: best / median of 5 | ${ms(Math.min(...reindex))} / ${ms(median(reindex))} |`,
        "",
      ].join("\n"),
    );

    let q = 0;
    const search = await bench("one search (the 200 queries in turn)", () => {
      const { query, scope } = questions[q % QUERIES] ?? { query: "", scope: { kind: "all" } };
      q += 1;
      index.search(query, { scope });
    }).run();

    expect(percentile(times, 0.95)).toBeLessThan(SEARCH_P95_MS);
    expect(search.latency.mean).toBeLessThan(SEARCH_P95_MS);
    expect(Math.min(...loads)).toBeLessThan(LOAD_MS);
  });
});
