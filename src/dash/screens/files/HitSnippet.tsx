import type { TextHit } from "../../../lib/dash/files";
import { markTerms } from "../../../lib/search/snippet";

/** Where a search found the words in a document: its page and the excerpt with the words marked; opens the viewer there. */
export default function HitSnippet({ hit, onOpen }: { hit: TextHit; onOpen: () => void }) {
  return (
    <button type="button" onClick={onOpen} className="rounded-lg border border-line bg-surface-2 p-3 text-left text-sm hover:border-accent">
      <span className="block text-xs font-semibold text-muted">Found on {hit.place}</span>
      <span className="mt-1 block text-ink">
        {markTerms(hit.snippet, hit.terms).map((segment, i) =>
          segment.marked ? (
            <mark key={i} className="rounded bg-yellow-200 px-0.5 text-black">
              {segment.text}
            </mark>
          ) : (
            <span key={i}>{segment.text}</span>
          ),
        )}
      </span>
    </button>
  );
}
