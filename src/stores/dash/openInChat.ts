import { chipFor } from "../../lib/dash/chips";
import { openComparison, openInChat } from "./chat";

/**
 * 'Open in Chat' from Knowledge Base, Files and Cases: a new chat about the record, with it as a context chip.
 * The one module where the other screens' stores meet the chat store.
 */
export const openKnowledgeInChat = (item: { id: string; title: string }): void => openInChat(chipFor("knowledge", item));

/** Starts a chat about a document, with it as a document chip. */
export const openDocumentInChat = (document: { id: string; title: string }): void => openInChat(chipFor("document", document));

/** Starts a chat about a case, with it as a case chip. */
export const openCaseInChat = (item: { id: string; title: string }): void => openInChat(chipFor("case", item));

/** 'Ask about these changes': a chat with both versions attached, answered from the changes between them. */
export const openComparisonInChat = ({ a, b }: { a: { id: string; title: string }; b: { id: string; title: string } }): void =>
  openComparison(chipFor("document", a), chipFor("document", b));
