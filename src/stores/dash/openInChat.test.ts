import { describe, expect, it } from "vitest";
import { $activeId, selectConversation } from "./conversations";
import { $chips, $draft, setDraft } from "./chat";
import { openCaseInChat, openDocumentInChat, openKnowledgeInChat } from "./openInChat";

describe("Open in Chat, wired to the chat store", () => {
  it.each([
    ["Knowledge Base", openKnowledgeInChat, { id: "k", title: "Contract Law, Cap. 149" }, { type: "knowledge", id: "k", label: "Contract Law, Cap. 149" }],
    ["Files", openDocumentInChat, { id: "d", title: "Statement of Claim" }, { type: "document", id: "d", label: "Statement of Claim" }],
    ["Cases", openCaseInChat, { id: "c", title: "Republic v. Charalambous" }, { type: "case", id: "c", label: "Republic v. Charalambous" }],
  ])("from %s: a new chat with exactly that record's chip", (_, open, record, chip) => {
    selectConversation("sample-lease");
    setDraft("half typed");
    open(record);
    expect($chips.get()).toEqual([chip]);
    expect($activeId.get()).toBeNull();
    expect($draft.get()).toBe("");
  });
});
