import type { AssistantClient } from "../../lib/assistant/client";
import { changesToQuote, listChanges, withSummaries } from "../../lib/compare/ask";
import { compareInWorker } from "../../lib/compare/worker";
import type { ComparePair, ReplyContent, ReplyRequest } from "../../lib/dash/chat";
import type { PageText } from "../../lib/documents/pages";
import { userDocumentsDb } from "./documentsDb";
import { $documents } from "./files";
import { fetchDocument } from "./uploads";

/** What a question about a comparison is answered when the changes cannot be quoted. */
export const aboutChangesCopy = {
  missing: "One of these versions is not in your workspace, or you cannot open it, so I cannot compare them.",
  notRead: "Both versions must be read (Indexed) before I can compare them: ask again once they show Indexed.",
  failed: "The comparison could not be made just now, so I have no answer to give. Please try again in a moment.",
  unrelated: "These two documents share few clauses: they do not look like versions of one document, so there are no changes to quote.",
} as const;

/** A document's pages as kept in this browser, brought from the project first when they are not (Supabase). */
async function pagesOf(id: string): Promise<PageText[] | null> {
  const db = await userDocumentsDb();
  if (!(await db.getFile(id)) && !(await fetchDocument(id))) return null;
  return db.getPages(id);
}

/** What answering about a comparison uses besides the question: the model (null without one), and the chat's stop and stream. */
export interface AboutVersionsDeps extends Pick<ReplyRequest, "signal" | "onText"> {
  model: AssistantClient | null;
}

/**
 * The reply to a question asked in a chat opened from a comparison: the two versions compared in the compare worker,
 * and the changed clauses that match the question quoted from both (compare/ask.ts), as the comparison's own answer;
 * with a model, each also summarised in one checked line.
 */
export async function answerAboutVersions(question: string, pair: ComparePair, { model, ...request }: AboutVersionsDeps): Promise<ReplyContent> {
  const { a, b } = pair;
  const documents = $documents.get();
  const docA = documents.find((d) => d.id === a);
  const docB = documents.find((d) => d.id === b);
  if (!docA || !docB) return { content: aboutChangesCopy.missing };
  if (docA.status !== "indexed" || docB.status !== "indexed") return { content: aboutChangesCopy.notRead };
  const [pagesA, pagesB] = await Promise.all([pagesOf(a), pagesOf(b)]);
  if (!pagesA || !pagesB) return { content: aboutChangesCopy.missing };
  const reply = await compareInWorker(pagesA, pagesB).reply;
  if (!reply.ok) return { content: aboutChangesCopy.failed };
  if (reply.comparison.unrelated) return { content: aboutChangesCopy.unrelated };
  const quoted = changesToQuote(question, reply.comparison.changes);
  if ("none" in quoted) return { content: quoted.none };
  return { content: model ? await withSummaries(quoted.changes, pair, { model, ...request }) : listChanges(quoted.changes) };
}
