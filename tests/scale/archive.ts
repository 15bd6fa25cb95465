import { readdirSync } from "node:fs";
import { textPages } from "../../src/lib/documents/text";
import { contractsFolder, contractText, PLAIN_QUESTIONS, readPlainQuestions } from "../fixtures/cuadDev";
import { seeded } from "../fixtures/corpus";

// The archive of `npm run bench:scale` (issue 44): a firm's documents made from the CUAD dev contracts kept in the
// project (tests/fixtures/cuad-dev, CC BY 4.0), each a varied copy of one of them: other parties' names, other dates, its
// clauses in another order, and a length of at most 16 to 36 pages (3,000 characters a page, as the reader cuts a text), so
// 1,000 documents hold about 20,000 pages and 10,000 about 200,000. The same seed makes the same archive.


export interface ArchiveDocument {
  id: string;
  title: string;
  caseId: string;
  caseTitle: string;
  /** The dev contract it is a copy of. */
  source: string;
  pages: string[];
}

/** Documents a case holds in the archive: a firm's matter of a few contracts. */
export const DOCUMENTS_PER_CASE = 10;

const FIRST = ["Aldgate", "Kyrenia", "Marlowe", "Paphos", "Limassol", "Northway", "Cedar", "Halcyon", "Troodos", "Vantage", "Orion", "Belmont", "Akamas", "Larnaca", "Meridian", "Sterling", "Coral", "Ionian", "Harbour", "Olympus"];
const SECOND = ["Holdings", "Pharma", "Systems", "Logistics", "Media", "Energy", "Foods", "Software", "Capital", "Marine", "Health", "Networks", "Retail", "Minerals", "Labs"];
const FORMS = ["Ltd", "Inc.", "LLC", "Limited", "Corporation", "plc"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** A company's name such as contracts give it: "Acme Widgets, Inc.", "ACME WIDGETS LTD". */
const COMPANY = /\b([A-Z][A-Za-z&'-]+(?: [A-Z][A-Za-z&'-]+){0,3}),? (Inc\.|INC\.|Ltd\.?|LTD\.?|LLC|L\.L\.C\.|Limited|LIMITED|Corporation|CORPORATION|Corp\.|CORP\.|plc|PLC|L\.P\.)/g;
/** A date in words ("June 9, 2020", "9 June 2020") or numbers ("06/09/2020"). */
const DATE = new RegExp(`\\b(?:(${MONTHS.join("|")}) (\\d{1,2}), (\\d{4})|(\\d{1,2}) (${MONTHS.join("|")}),? (\\d{4})|(\\d{1,2})/(\\d{1,2})/(\\d{4}))\\b`, "g");

/** The dev contracts, by id, read once. */
let contracts: { id: string; text: string }[] | undefined;
const devContracts = () =>
  (contracts ??= readdirSync(contractsFolder())
    .filter((f) => f.endsWith(".txt"))
    .sort()
    .map((f) => ({ id: f.slice(0, -4), text: contractText(f.slice(0, -4)) })));

/** One varied copy of a dev contract. */
function variant(n: number, random: () => number): ArchiveDocument {
  const all = devContracts();
  const base = all[Math.floor(random() * all.length)]!;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

  // Other parties: each company the contract names becomes another, the same one everywhere in it.
  const names = new Map<string, string>();
  let text = base.text.replace(COMPANY, (_whole: string, name: string) => {
    let other = names.get(name);
    if (!other) {
      other = `${pick(FIRST)} ${pick(SECOND)} ${pick(FORMS)}`;
      names.set(name, other);
    }
    return other;
  });
  // Other dates: every date moved by the same number of days (so the term still runs from start to end).
  const shift = Math.floor(random() * 3650) - 1825;
  const moved = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d) + shift * 86_400_000);
  text = text.replace(DATE, (_whole: string, ...g: (string | undefined)[]) => {
    if (g[0]) {
      const at = moved(Number(g[2]), MONTHS.indexOf(g[0]), Number(g[1]));
      return `${MONTHS[at.getUTCMonth()]!} ${String(at.getUTCDate())}, ${String(at.getUTCFullYear())}`;
    }
    if (g[4]) {
      const at = moved(Number(g[5]), MONTHS.indexOf(g[4]), Number(g[3]));
      return `${String(at.getUTCDate())} ${MONTHS[at.getUTCMonth()]!} ${String(at.getUTCFullYear())}`;
    }
    const at = moved(Number(g[8]), Number(g[6]) - 1, Number(g[7]));
    return `${String(at.getUTCMonth() + 1).padStart(2, "0")}/${String(at.getUTCDate()).padStart(2, "0")}/${String(at.getUTCFullYear())}`;
  });
  // Another clause order: the opening (title, parties, recitals) stays; a third of the clauses after it swap places.
  const paragraphs = text.split(/\n\s*\n/);
  const head = Math.min(3, paragraphs.length);
  for (let i = head; i < paragraphs.length - 1; i += 1) {
    if (random() < 1 / 3) {
      const j = head + Math.floor(random() * (paragraphs.length - head));
      [paragraphs[i], paragraphs[j]] = [paragraphs[j]!, paragraphs[i]!];
    }
  }
  const pages = textPages(paragraphs.join("\n\n")).slice(0, 16 + Math.floor(random() * 21));
  const caseNumber = Math.floor(n / DOCUMENTS_PER_CASE);
  const [party] = names.values();
  return {
    id: `doc-${String(n)}`,
    title: `${base.id.split(/[-_]/)[0] ?? "Contract"} ${String(n)}${party ? ` (${party})` : ""}`.slice(0, 200),
    caseId: `case-${String(caseNumber)}`,
    caseTitle: `Matter ${String(caseNumber)}`,
    source: base.id,
    pages,
  };
}

/** The archive of `size` documents for a seed: the first n documents of a larger archive are the smaller one. */
export function* archive(size: number, seed = 44): Generator<ArchiveDocument> {
  for (let n = 0; n < size; n += 1) yield variant(n, seeded(seed * 1_000_003 + n));
}

/** Questions as the workspace is asked them: the plain questions kept in the project, a few per CUAD category. */
export function archiveQuestions(count: number, seed = 44): string[] {
  const random = seeded(seed);
  const all = Object.values(readPlainQuestions(PLAIN_QUESTIONS).questions).flat();
  return Array.from({ length: count }, () => all[Math.floor(random() * all.length)]!);
}
