import { useStore } from "@nanostores/react";
import { useEffect, useMemo } from "react";
import type { Citation } from "../../../lib/dash/chat";
import { $documents } from "../../../stores/dash/files";
import { $knowledgeItems } from "../../../stores/dash/knowledge";
import { openKnowledgeInChat } from "../../../stores/dash/openInChat";
import { showToast } from "../../../stores/toasts";
import DocumentViewer from "../../viewer/DocumentViewer";
import KnowledgePreviewDialog from "../knowledge/KnowledgePreviewDialog";
import { useOpenInChat } from "../../components/useOpenInChat";

export const citationCopy = {
  gone: { title: "Source not found", description: "That document or item is no longer in your workspace." },
} as const;

/** Opens a citation where it points: the document viewer at its page with the passage highlighted, or the knowledge item. */
export default function CitationViewer({ citation, onClose }: { citation: Citation | null; onClose: () => void }) {
  const documents = useStore($documents);
  const items = useStore($knowledgeItems);
  const openInChat = useOpenInChat(openKnowledgeInChat);
  const ref = citation?.ref;
  const document = ref?.kind === "page" ? documents.find((d) => d.id === ref.docId) : undefined;
  const item = ref?.kind === "knowledge" ? items.find((i) => i.id === ref.itemId) : undefined;
  const missing = citation !== null && !document && !item;

  // A source deleted since the answer was written: say so rather than open nothing.
  useEffect(() => {
    if (!missing) return;
    showToast({ ...citationCopy.gone, variant: "destructive" });
    onClose();
  }, [missing, onClose]);

  const highlight = citation?.quote;
  // The viewer opens anew when its target changes identity: kept while the citation and the document's status stay.
  const status = document?.status;
  const target = useMemo(
    () => (document && citation ? { document, page: citation.page, ...(highlight ? { highlight } : {}) } : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the document object is rebuilt on every clock tick
    [citation, document?.id, status],
  );
  return (
    <>
      <DocumentViewer target={target} onClose={onClose} />
      <KnowledgePreviewDialog item={item ?? null} highlight={highlight} onClose={onClose} onOpenInChat={openInChat} />
    </>
  );
}
