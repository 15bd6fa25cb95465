import type { Citation } from "../../../lib/dash/chat";
import Dialog from "../../../ui/Dialog";
import { LARGE_SCREEN, useMediaQuery } from "../../useMediaQuery";

interface CitationsPanelProps {
  citations: Citation[];
  open: boolean;
  onClose: () => void;
}

/** An answer's sources: a side panel from lg up, a bottom sheet below; title, source and page of each. */
export default function CitationsPanel({ citations, open, onClose }: CitationsPanelProps) {
  const large = useMediaQuery(LARGE_SCREEN);
  return (
    <Dialog open={open} onClose={onClose} title="Citations" placement={large ? "right" : "bottom"}>
      <ol className="flex flex-col gap-3">
        {citations.map((citation, index) => (
          <li key={citation.id} className="rounded-xl border border-line bg-surface-2 p-4">
            <p className="text-xs text-muted">[{index + 1}]</p>
            <p className="font-medium text-ink">{citation.title}</p>
            <p className="mt-1 text-sm text-muted">
              {citation.source} · Page {citation.page}
            </p>
          </li>
        ))}
      </ol>
    </Dialog>
  );
}
