import type { PageHit } from "../sync/session";
import type { PageUnit } from "../documents/ingest";
import type { Retriever } from "./reply";
import { DEFAULT_LIMIT, type SearchOptions, type SearchResult } from "./searchIndex";
import { ALL_SCOPE, searchesKnowledge, type SearchScope } from "./scope";
import { snippetFor } from "./snippet";
import { entryId } from "./entries";

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

/** The words search_pages marked in its snippet (between <mark> and </mark>). */
export const markedTerms = (snippet: string): string[] => [...new Set([...snippet.matchAll(/<mark>(.*?)<\/mark>/g)].map((m) => m[1]!.toLowerCase()))];

/** A page search_pages found, as a result of the browser's own search: the snippet is made here from the page's text. */
export function pageResult(hit: PageHit, score: number): SearchResult {
  const terms = markedTerms(hit.snippet).sort();
  return {
    entry: {
      kind: "page",
      docId: hit.document_id,
      title: hit.title,
      caseId: hit.case_id,
      caseTitle: hit.case_title,
      page: hit.page_number,
      unit: hit.unit as PageUnit,
      text: hit.text,
    },
    score,
    coverage: hit.coverage,
    terms,
    snippet: { ...snippetFor(hit.text, terms), field: "text" },
  };
}

/**
 * Results of two searches in one list, best first: each list's scores are scaled by its best (they are not comparable
 * otherwise), a page is taken once, and `limit` at most.
 */
export function mergeResults(first: readonly SearchResult[], second: readonly SearchResult[], limit: number): SearchResult[] {
  const scaled = (list: readonly SearchResult[]) => {
    const top = Math.max(...list.map((r) => r.score), Number.MIN_VALUE);
    return list.map((r) => ({ result: r, weight: (r.score / top) * r.coverage }));
  };
  const seen = new Set<string>();
  return [...scaled(first), ...scaled(second)]
    .sort((a, b) => b.weight - a.weight)
    .map(({ result }) => result)
    .filter((result) => {
      const id = entryId(result.entry);
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    })
    .slice(0, limit);
}

/**
 * The retriever of a workspace kept in Supabase: documents' pages are searched in Postgres (search_pages, row-level
 * security: the user's own pages, those of every device), knowledge items in the browser's index. When the server
 * cannot answer, the browser's index answers alone (the pages read on this device).
 */
export function createServerRetriever(local: Retriever, searchPages: (query: string, filters: NonNullable<ReturnType<typeof pageFilters>>, limit: number) => Promise<PageHit[]>): Retriever {
  return {
    async search(query: string, options?: SearchOptions) {
      const scope = options?.scope ?? ALL_SCOPE;
      const limit = options?.limit ?? DEFAULT_LIMIT;
      const filters = pageFilters(scope);
      if (!filters) return local.search(query, options);
      // A scope of pages alone (Files' search, a case) needs nothing of the browser's index while the server answers.
      const knowledgeToo = searchesKnowledge(scope);
      const [mine, hits] = await Promise.all([knowledgeToo ? local.search(query, options) : [], searchPages(query, filters, limit).catch(() => null)]);
      if (hits === null) return knowledgeToo ? mine : local.search(query, options);
      const pages = hits.map((hit) => pageResult(hit, hit.rank));
      return mergeResults(
        mine.filter((r) => r.entry.kind === "knowledge"),
        pages,
        limit,
      );
    },
  };
}
