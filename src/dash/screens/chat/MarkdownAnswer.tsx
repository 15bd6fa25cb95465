import Markdown from "markdown-to-jsx";
import type { AnchorHTMLAttributes } from "react";
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

const options = {
  disableParsingRawHTML: true,
  forceBlock: true,
  overrides: { a: { component: SafeLink } },
} as const;

/** An assistant answer's markdown, rendered with raw HTML disabled. */
export default function MarkdownAnswer({ content }: { content: string }) {
  return (
    <div className="text-sm leading-relaxed [&_li]:ml-5 [&_ol]:my-2 [&_p]:my-2 [&_ul]:my-2 [&_ol]:list-decimal [&_ol]:space-y-1 [&_strong]:font-semibold [&_strong]:text-ink [&_ul]:list-disc [&_ul]:space-y-1">
      <Markdown options={options}>{content}</Markdown>
    </div>
  );
}
