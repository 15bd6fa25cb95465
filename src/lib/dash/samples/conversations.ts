import type { ChatMessage, Citation } from "../chat";
import type { Conversation } from "../conversations";
import { knowledgeSource } from "../answer/answer";
import { sampleKnowledge } from "./knowledge";

const HOUR = 3600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

/** The conversations a new user starts with, two of them pinned; dated relative to the first visit. */
export const sampleConversations = (): Conversation[] => [
  { id: "sample-lease", title: "Commercial lease dispute, District Court of Limassol", pinned: true, updatedAt: ago(3) },
  { id: "sample-gdpr", title: "GDPR Law 125(I)/2018: client data retention", pinned: true, updatedAt: ago(30) },
  { id: "sample-contract", title: "Breach of contract under Cap. 149", pinned: false, updatedAt: ago(1) },
  { id: "sample-appeal", title: "Appeal deadlines before the Supreme Court of Cyprus", pinned: false, updatedAt: ago(50) },
  { id: "sample-probate", title: "Probate application, District Court of Paphos", pinned: false, updatedAt: ago(24 * 9) },
];

/** A citation of one of the sample knowledge items, as a grounded answer cites it: never a source the workspace lacks. */
function knowledgeCitation(itemId: string): Citation {
  const item = sampleKnowledge.find((k) => k.id === itemId);
  if (!item) throw new Error(`No sample knowledge item ${itemId}`);
  return { id: `kb:${item.id}`, title: item.title, page: 1, source: knowledgeSource(item), ref: { kind: "knowledge", itemId: item.id }, quote: item.description };
}

/** A question and its answer; the answer's markers [1], [2]... name the sample knowledge items `cites`, in order. */
const exchange = (id: string, hours: number, question: string, answer: string, cites: string[] = []): ChatMessage[] => [
  { id: `${id}-q`, role: "user", content: question, timestamp: ago(hours + 0.01), scope: "firm" },
  {
    id: `${id}-a`,
    role: "assistant",
    content: answer,
    timestamp: ago(hours),
    scope: "firm",
    ...(cites.length ? { citations: cites.map(knowledgeCitation) } : {}),
  },
];

/** The messages of the sample conversations, by conversation id. */
export const sampleMessages = (): ReadonlyMap<string, ChatMessage[]> =>
  new Map(
    Object.entries({
      "sample-lease": exchange(
        "sample-lease",
        3,
        "Our client Nikos Papadopoulos is the tenant of a shop in Limassol. The landlord wants him out before the lease ends. What are his options?",
        "The tenant can resist early termination if the lease has no break clause:\n\n- **Check the term** and any break or forfeiture clause.\n- **Rent Control Law**: see whether the premises are within a controlled area.\n- File an application for an **interim injunction** before the District Court of Limassol if the landlord acts before a judgment [1], using the firm's template [2].",
        ["kb-civil-procedure-rules", "kb-motion-templates"],
      ),
      "sample-gdpr": exchange(
        "sample-gdpr",
        30,
        "How long may we keep closed client files that hold personal data?",
        "Law 125(I)/2018 sets no single period [1]; keep files **only as long as needed** for the purpose, usually the limitation period of the claims involved, then delete or anonymise them.",
        ["kb-gdpr-law-125"],
      ),
      "sample-contract": exchange(
        "sample-contract",
        1,
        "Summarise the remedies for breach of contract under Cap. 149.",
        "Under **Cap. 149** the injured party may:\n\n1. claim **damages** for loss arising naturally from the breach (section 73) [1];\n2. rescind a voidable contract;\n3. seek **specific performance** where damages are not adequate [2].",
        ["kb-contract-law-cap-149", "kb-supreme-court-specific-performance"],
      ),
      "sample-appeal": exchange(
        "sample-appeal",
        50,
        "What is the deadline to appeal a District Court judgment?",
        "An appeal is usually filed within **42 days** of the judgment; check which Civil Procedure Rules apply to the claim before relying on that period [1].",
        ["kb-civil-procedure-rules"],
      ),
      "sample-probate": exchange(
        "sample-probate",
        24 * 9,
        "Which documents does the District Court of Paphos need for a probate application by Maria Georgiou?",
        "Usually: the **death certificate**, the **will** (if any), an affidavit of the executor, and a list of the estate's assets and debts.",
      ),
    }),
  );
