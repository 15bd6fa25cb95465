import type { Citation } from "../../../lib/dash/chat";
import Dialog from "../../../ui/Dialog";
import { LARGE_SCREEN, useMediaQuery } from "../../useMediaQuery";

interface CitationsPanelProps {
  citations: Citation[];
  open: boolean;
  onClose: () => void;
  /** Opens a citation where it points (the viewer at its page, or the knowledge item). */
  onOpen: (citation: Citation) => void;
}

/** An answer's sources: a side panel from lg up, a bottom sheet below; title, source, page and passage of each, each opening it. */
export default function CitationsPanel({ citations, open, onClose, onOpen }: CitationsPanelProps) {
  const large = useMediaQuery(LARGE_SCREEN);
  return (
    <Dialog open={open} onClose={onClose} title="Citations" placement={large ? "right" : "bottom"}>
      <ol className="flex flex-col gap-3">
        {citations.map((citation, index) => (
          <li key={citation.id} className="rounded-xl border border-line bg-surface-2">
            {citation.ref ? (
              <button type="button" onClick={() => onOpen(citation)} className="block w-full rounded-xl p-4 text-left hover:bg-surface">
                <CitationText citation={citation} n={index + 1} />
              </button>
            ) : (
              <div className="p-4">
                <CitationText citation={citation} n={index + 1} />
              </div>
            )}
          </li>
        ))}
      </ol>
    </Dialog>
  );
}

/** A citation's number, title, source and page, and the passage it quotes. */
function CitationText({ citation, n }: { citation: Citation; n: number }) {
  return (
    <>
      <span className="block text-xs text-muted">[{n}]</span>
      <span className="block font-medium text-ink">{citation.title}</span>
      <span className="mt-1 block text-sm text-muted">
        {citation.source} · Page {citation.page}
      </span>
      {citation.quote && <span className="mt-2 line-clamp-3 block text-sm text-ink italic">“{citation.quote}”</span>}
    </>
  );
}
