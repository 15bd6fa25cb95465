import { useEffect, useRef } from "react";
import { splitAtPassage } from "./highlight";

/** The page's text, with the passage marked; text is always shown as text, never as markup. */
export default function PassageText({ text, highlight }: { text: string; highlight?: string | undefined }) {
  const parts = highlight ? splitAtPassage(text, highlight) : null;
  const markRef = useRef<HTMLElement>(null);
  const marked = parts?.[1];
  useEffect(() => {
    if (marked) markRef.current?.scrollIntoView({ block: "center" });
  }, [marked]);
  return (
    <div className="rounded-lg border border-line bg-white p-4 font-serif text-base leading-relaxed break-words whitespace-pre-wrap text-black">
      {parts ? (
        <>
          {parts[0]}
          <mark ref={markRef} className="rounded bg-yellow-200 text-black">
            {parts[1]}
          </mark>
          {parts[2]}
        </>
      ) : (
        text || <span className="text-muted">(This page is blank.)</span>
      )}
    </div>
  );
}
