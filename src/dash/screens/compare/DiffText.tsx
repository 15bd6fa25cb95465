import type { DiffPart } from "../../../lib/compare/compare";

/** How each side marks its changed words: colour, a line, and words a screen reader says. */
const MARKS = {
  a: { kind: "del", Tag: "del", said: "deleted", className: "rounded-sm bg-danger/15 text-danger line-through decoration-2" },
  b: { kind: "ins", Tag: "ins", said: "inserted", className: "rounded-sm bg-success/15 text-success underline decoration-2 underline-offset-2" },
} as const;

/**
 * One version's side of a changed clause: A's words with its deletions struck through, or B's with its insertions
 * underlined; colour, a line and screen-reader words ("deleted", "inserted") each say which.
 */
export default function DiffText({ parts, side }: { parts: readonly DiffPart[]; side: "a" | "b" }) {
  const { kind, Tag, said, className } = MARKS[side];
  return (
    <p className="text-sm leading-relaxed whitespace-pre-wrap">
      {parts.map((part, i) => {
        if (part.kind === "same") return <span key={i}>{part.text}</span>;
        if (part.kind !== kind) return null;
        return (
          <Tag key={i} className={className}>
            <span className="sr-only">[{said}: </span>
            {part.text}
            <span className="sr-only">]</span>
          </Tag>
        );
      })}
    </p>
  );
}
