import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import MarkdownAnswer from "./MarkdownAnswer";

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
