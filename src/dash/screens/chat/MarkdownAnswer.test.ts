import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import MarkdownAnswer, { linkMarkers } from "./MarkdownAnswer";

const render = (content: string) => renderToStaticMarkup(createElement(MarkdownAnswer, { content }));

describe("MarkdownAnswer", () => {
  it("renders lists and bold", () => {
    const html = render("Intro\n\n1. **First** point\n2. Second\n\n- a\n- b");
    expect(html).toContain("<ol");
    expect(html).toContain("<ul");
    expect(html).toContain("<strong>First</strong>");
  });

  it("never renders raw HTML from an answer", () => {
    const html = render('<img src=x onerror="alert(1)"> and <script>alert(2)</script> <b>bold</b>');
    expect(html).not.toMatch(/<img|<script|<b>/);
    expect(html).toContain("&lt;");
  });

  it("opens links in a new tab without the opener, and refuses javascript: URLs", () => {
    const html = render("[CyLaw](https://www.cylaw.org/) and [bad](javascript:alert(1))");
    expect(html).toMatch(/<a [^>]*href="https:\/\/www\.cylaw\.org\/"[^>]*>CyLaw<\/a>/);
    expect(html).toMatch(/<a [^>]*target="_blank"/);
    expect(html).toMatch(/<a [^>]*rel="noopener noreferrer"/);
    expect(html).not.toContain("javascript:");
    expect(html).toContain("<span>bad</span>");
  });
});

describe("citation markers", () => {
  const citation = { id: "page:d:2", title: "Lease", page: 2, source: "Georgiou" };
  it.each([
    ["quoted [1] and [2]", 2, "quoted [1](#citation-1) and [2](#citation-2)"],
    ["an invented [7] stays text", 2, "an invented [7] stays text"],
    ["escaped \\[1\\] stays text", 1, "escaped \\[1\\] stays text"],
    ["a link [1](https://x.test) is a link", 1, "a link [1](https://x.test) is a link"],
  ])("linkMarkers(%j, %i)", (content, count, expected) => expect(linkMarkers(content, count)).toBe(expected));

  it("renders a marker naming a citation as a button, and quoted marks as text", () => {
    const html = renderToStaticMarkup(createElement(MarkdownAnswer, { content: "> \\*not bold\\* \\[2\\] [1]", citations: [citation] }));
    expect(html).toContain("<blockquote>");
    expect(html).toMatch(/<button type="button" aria-label="\[1\] Lease, page 2"[^>]*>\[1\]<\/button>/);
    expect(html).toContain("*not bold* [2]");
    expect(html).not.toContain("<strong>");
  });
});
