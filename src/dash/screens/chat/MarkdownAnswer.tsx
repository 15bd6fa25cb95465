import Markdown from "markdown-to-jsx";
import { useMemo, type AnchorHTMLAttributes, type ImgHTMLAttributes, type ReactNode } from "react";
import type { Citation } from "../../../lib/dash/chat";

/** The text of a link's children when they are only text, else undefined. */
const plainText = (children: ReactNode): string | undefined => {
  if (typeof children === "string") return children;
  if (Array.isArray(children) && children.every((child) => typeof child === "string")) return children.join("");
  return undefined;
};

/**
 * A link or image of an answer, which a model (or an instruction planted in a document) may have written: shown as
 * plain text with its full address, so nothing looks like a citation or leads off-site, and nothing loads.
 */
function AddressAsText({ label, address }: { label: ReactNode; address: string }) {
  if (plainText(label) === address || label === "" || label === undefined) return <span className="[overflow-wrap:anywhere]">{address}</span>;
  return (
    <span className="[overflow-wrap:anywhere]">
      {label} ({address})
    </span>
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

/**
 * An assistant answer's markdown, rendered with raw HTML disabled; its markers [1], [2]... are buttons that open their
 * sources. They are its only controls: any other link shows its address as text, and an image is never loaded.
 */
export default function MarkdownAnswer({ content, citations = [], onCite }: MarkdownAnswerProps) {
  const options = useMemo(() => {
    function Link({ href = "", children }: AnchorHTMLAttributes<HTMLAnchorElement>) {
      const n = Number(CITATION_HREF.exec(href)?.[1] ?? 0);
      const citation = citations[n - 1];
      // A marker linkMarkers made reads exactly its number; "[\[1\]](#citation-1)" or "[see](#citation-1)" does not.
      if (!citation || plainText(children) !== String(n)) return <AddressAsText label={children} address={href} />;
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
    const Image = ({ alt, src }: ImgHTMLAttributes<HTMLImageElement>) => <AddressAsText label={alt} address={typeof src === "string" ? src : ""} />;
    return {
      disableParsingRawHTML: true,
      forceBlock: true,
      // The address is only ever shown as text, so it is shown as written (a javascript: one included), not dropped.
      sanitizer: (value: string) => value,
      overrides: { a: { component: Link }, img: { component: Image } },
    } as const;
  }, [citations, onCite]);
  return (
    <div className="text-sm leading-relaxed [&_blockquote]:my-2 [&_blockquote]:border-l-2 [&_blockquote]:border-line [&_blockquote]:pl-3 [&_blockquote]:text-ink [&_li]:ml-5 [&_ol]:my-2 [&_p]:my-2 [&_ul]:my-2 [&_ol]:list-decimal [&_ol]:space-y-1 [&_strong]:font-semibold [&_strong]:text-ink [&_ul]:list-disc [&_ul]:space-y-1">
      <Markdown options={options}>{linkMarkers(content, citations.length)}</Markdown>
    </div>
  );
}
