import Markdown from "markdown-to-jsx";
import { useMemo, type AnchorHTMLAttributes } from "react";
import type { Citation } from "../../../lib/dash/chat";
import { safeHref } from "../../../lib/dash/safeUrl";

/** A link of an answer: opens in a new tab without giving it this page; an unsafe URL stays plain text. */
function SafeLink({ href, children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  const safe = safeHref(href);
  if (safe === null) return <span>{children}</span>;
  return (
    <a {...rest} href={safe} target="_blank" rel="noopener noreferrer" className="text-accent underline underline-offset-2">
      {children}
    </a>
  );
}

/** Where a marker's link points: `#citation-n`, which the answer renders as a button, never as a link. */
const CITATION_HREF = /^#citation-(\d+)$/;

/** The answer with each marker [n] that names one of its citations made a link to it (an escaped \[n] stays text). */
export const linkMarkers = (content: string, count: number): string =>
  content.replace(/(?<!\\)\[(\d{1,2})\](?!\()/g, (marker, n: string) => (Number(n) >= 1 && Number(n) <= count ? `[${n}](#citation-${n})` : marker));

interface MarkdownAnswerProps {
  content: string;
  citations?: readonly Citation[];
  /** Opens citation n (1-based) where it points. */
  onCite?: (n: number) => void;
}

/** An assistant answer's markdown, rendered with raw HTML disabled; its markers [1], [2]... open their sources. */
export default function MarkdownAnswer({ content, citations = [], onCite }: MarkdownAnswerProps) {
  const options = useMemo(() => {
    function Link(props: AnchorHTMLAttributes<HTMLAnchorElement>) {
      const n = Number(CITATION_HREF.exec(props.href ?? "")?.[1] ?? 0);
      const citation = citations[n - 1];
      if (!citation) return <SafeLink {...props} />;
      return (
        <button
          type="button"
          onClick={() => onCite?.(n)}
          aria-label={`[${String(n)}] ${citation.title}, page ${String(citation.page)}`}
          className="mx-0.5 rounded px-0.5 align-baseline text-xs font-semibold text-accent underline underline-offset-2 hover:bg-surface-2"
        >
          [{n}]
        </button>
      );
    }
    return { disableParsingRawHTML: true, forceBlock: true, overrides: { a: { component: Link } } } as const;
  }, [citations, onCite]);
  return (
    <div className="text-sm leading-relaxed [&_blockquote]:my-2 [&_blockquote]:border-l-2 [&_blockquote]:border-line [&_blockquote]:pl-3 [&_blockquote]:text-ink [&_li]:ml-5 [&_ol]:my-2 [&_p]:my-2 [&_ul]:my-2 [&_ol]:list-decimal [&_ol]:space-y-1 [&_strong]:font-semibold [&_strong]:text-ink [&_ul]:list-disc [&_ul]:space-y-1">
      <Markdown options={options}>{linkMarkers(content, citations.length)}</Markdown>
    </div>
  );
}
