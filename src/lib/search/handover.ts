/**
 * How many documents' pages the browser's index holds before a Supabase workspace hands the search of pages over to
 * Postgres (search_pages) for good (issue 44). `npm run bench:scale` (reports/scale.md) decides the figure: at 1,000
 * documents (about 19,000 pages) the whole index in the browser already searches slower than the 50 ms aim and holds
 * hundreds of megabytes, where search_pages at 10,000 documents keeps its p95 under 100 ms. Below it nothing changes.
 */
export const BROWSER_INDEX_MAX_PAGES = 10_000;

/** Whether the browser's index gives its pages over to the server: only when there is one, and past the budget. */
export const handsOver = (pages: number, server: boolean): boolean => server && pages > BROWSER_INDEX_MAX_PAGES;
