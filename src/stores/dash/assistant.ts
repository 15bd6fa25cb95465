import { createAssistantClient, type AssistantClient } from "../../lib/assistant/client";
import { ASSISTANT_MODEL, ASSISTANT_URL } from "../../lib/assistant/endpoint";
import { createReplyWriter } from "../../lib/dash/answer/reply";
import { supabaseProject } from "../../lib/supabaseProject";
import { searchesDocuments } from "../../lib/search/scope";
import { $auth } from "../auth";
import { caseTitle } from "./cases";
import { $knowledgeItems } from "./knowledge";
import { retriever } from "./retriever";
import { stillReading, whenIndexed } from "./searchIndexSync";
import { $uploads, readSamples } from "./uploads";

let client: AssistantClient | null = null;

/** The model set at build (PUBLIC_ASSISTANT_URL), made on first use; null without one. */
export function assistantClient(): AssistantClient | null {
  if (!ASSISTANT_URL) return null;
  client ??= createAssistantClient({
    url: ASSISTANT_URL,
    supabaseUrl: supabaseProject?.url,
    fetch: (input, init) => fetch(input, init),
    token: () => $auth.get().session?.accessToken ?? null,
    ...(ASSISTANT_MODEL ? { model: ASSISTANT_MODEL } : {}),
  });
  return client;
}

/** The workspace's answers: its search, its records, and the model set at build, if any. */
export const writeReply = createReplyWriter({
  retriever,
  // A question asked while documents are being read waits for them until its answer is due, then searches what is
  // indexed; the answer says how many were not searched yet.
  waitForIndex: (scope, until) => {
    if (searchesDocuments(scope)) readSamples();
    return whenIndexed(scope, until - Date.now());
  },
  stillReading,
  context: () => ({
    caseOf: (docId) => $uploads.get().find((upload) => upload.id === docId)?.caseId,
    caseTitle,
    isKnowledgeItem: (id) => $knowledgeItems.get().some((item) => item.id === id),
  }),
  model: assistantClient,
  // The compare code loads only for a chat opened from a comparison.
  aboutChanges: (question, pair, request) =>
    import("./compareAnswer").then(({ answerAboutVersions }) => answerAboutVersions(question, pair, { ...request, model: assistantClient() })),
});
