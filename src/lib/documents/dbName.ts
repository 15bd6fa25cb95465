/** The IndexedDB database that holds one user's documents (bytes and page text): one per signed-in user id. */
export const documentsDbName = (userId: string): string => `paphos-documents/${encodeURIComponent(userId)}`;

/** The prefix every user's database name starts with, to find them all (Clear workspace data, tests). */
export const DOCUMENTS_DB_PREFIX = "paphos-documents/";

/** The IndexedDB database that holds one user's reviews and their cells (src/lib/review/reviewsDb.ts): one per user id. */
export const reviewsDbName = (userId: string): string => `paphos-reviews/${encodeURIComponent(userId)}`;
