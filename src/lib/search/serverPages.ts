import type { PageUnit } from "../documents/pages";
import type { PageEntry, SearchDocument } from "./entries";
import type { SearchTerms } from "./rank";
import type { Findings, PageHit, Retriever, SearchOptions } from "./results";
import { ALL_SCOPE, documentFilter, type SearchScope } from "./scope";

/** What search_pages is asked for a scope: the documents and cases it may search (null: all), or nothing at all. */
export function pageFilters(scope: SearchScope): { documentIds: readonly string[] | null; caseIds: readonly string[] | null } | null {
  switch (scope.kind) {
    case "all":
    case "firm":
      return { documentIds: null, caseIds: null };
    case "case":
      return { documentIds: null, caseIds: [scope.caseId] };
    case "documents":
      return scope.docIds.length > 0 ? { documentIds: scope.docIds, caseIds: [] } : null;
    case "chips":
      return scope.docIds?.length || scope.caseIds?.length ? { documentIds: scope.docIds ?? [], caseIds: scope.caseIds ?? [] } : null;
    case "kb":
    case "knowledge":
      return null;
  }
}

/**
 * How many candidate pages a question's passages are ranked from, on both paths: the browser index's best pages by
 * MiniSearch, or what search_pages returns (its best by ts_rank). A question about documents named by chips ("this
 * contract") ranks up to DOCUMENT_PAGES of them, so a long contract is read whole; a wider scope its best
 * CANDIDATE_PAGES, where the two paths may start from slightly different pages.
 */
export const CANDIDATE_PAGES = 30;
export const DOCUMENT_PAGES = 200;

/** The candidate pages of a question in this scope (see CANDIDATE_PAGES). */
export const candidatePages = (scope: SearchScope): number =>
  (scope.kind === "documents" && scope.docIds.length > 0) || (scope.kind === "chips" && (scope.docIds?.length ?? 0) > 0 && !scope.caseIds?.length)
    ? DOCUMENT_PAGES
    : CANDIDATE_PAGES;

/**
 * The most pages of documents the server has not confirmed yet (unsentPages) that one search reads from this
 * browser's storage: a bulk import's last few minutes on a server that cannot be written to, kept to a bounded read.
 */
export const UNSENT_PAGES = 500;

/** A page search_pages found, as the index's page entry. */
export const pageEntryOf = (hit: PageHit): PageEntry => ({
  kind: "page",
  docId: hit.document_id,
  title: hit.title,
  caseId: hit.case_id,
  caseTitle: hit.case_title,
  page: hit.page_number,
  unit: hit.unit as PageUnit,
  text: hit.text,
});

/** The calls of the search worker a Supabase workspace ranks Postgres's pages with (the same rule as the index's). */
export interface PageRanker {
  /** The terms a question is searched for: its own and its vocabulary's (stems, and prefixes). */
  terms(query: string, wordsOnly?: boolean): Promise<SearchTerms>;
  /**
   * A search in which these pages stand for the index's own pages (the knowledge items stay the index's). The pages
   * of `unsent` documents are this browser's own, read from its storage (up to UNSENT_PAGES), in place of the server's.
   */
  searchWith(query: string, pages: readonly PageEntry[], options?: SearchOptions, unsent?: readonly SearchDocument[]): Promise<Findings>;
}

/**
 * The retriever of a workspace kept in Supabase. Postgres finds the candidate pages (search_pages, row-level security:
 * the user's own pages, those of every device) by the question's terms and its vocabulary's; the search worker splits
 * them into passages and ranks them, with the knowledge items, by the one relevance rule (rank.ts). So the same
 * question in the same scope quotes the same passages with or without Supabase. When the server cannot answer, the
 * browser's index answers alone (the pages read on this device), unless `handedOver()` says its pages went to the
 * server (handover.ts): then the search fails, so the chat says it could not search instead of finding nothing.
 * A document whose pages the server has not confirmed (`unsent`: read here a moment ago, or while the server could
 * not be written to) is searched in this browser's copy of its pages, so it is never "not found" for being new.
 */
export function createServerRetriever(
  local: Retriever & PageRanker,
  searchPages: (terms: SearchTerms, filters: NonNullable<ReturnType<typeof pageFilters>>, limit: number) => Promise<PageHit[]>,
  handedOver: () => boolean = () => false,
  unsent: () => Promise<readonly SearchDocument[]> = () => Promise.resolve([]),
): Retriever {
  return {
    async search(query: string, options?: SearchOptions) {
      const scope = options?.scope ?? ALL_SCOPE;
      const filters = pageFilters(scope);
      if (!filters) return local.search(query, options);
      const terms = await local.terms(query, options?.wordsOnly);
      if (terms.terms.length === 0 && terms.prefixes.length === 0) return local.search(query, options);
      const [hits, waiting] = await Promise.all([
        searchPages(terms, filters, candidatePages(scope)).catch((error: unknown) => {
          if (handedOver()) throw error;
          return null;
        }),
        unsent().catch(() => []),
      ]);
      if (hits === null) return local.search(query, options);
      const inScope = documentFilter(scope);
      return local.searchWith(query, hits.map(pageEntryOf), options, waiting.filter(inScope));
    },
  };
}
