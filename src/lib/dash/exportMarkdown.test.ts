import { describe, expect, it } from "vitest";
import type { ChatMessage, Citation } from "./chat";
import { conversationMarkdown, exportFileName } from "./exportMarkdown";

const AT = new Date("2026-03-02T09:05:59.000Z");
const cite = (n: number, quote?: string): Citation => ({
  id: `c${String(n)}`,
  title: `Title ${String(n)}`,
  source: `Source ${String(n)}`,
  page: n * 10,
  ...(quote === undefined ? {} : { quote }),
});
const question = (content: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `q-${content}`,
  role: "user",
  content,
  timestamp: AT.toISOString(),
  scope: "all",
  ...extra,
});
const answer = (content: string, citations?: Citation[]): ChatMessage => ({
  id: `a-${content}`,
  role: "assistant",
  content,
  timestamp: AT.toISOString(),
  scope: "all",
  ...(citations ? { citations } : {}),
});

describe("conversationMarkdown", () => {
  it("writes the title, the export time, each speaker in order and the footnotes at the end", () => {
    const markdown = conversationMarkdown(
      "Lease  *remedies*",
      [
        question("What remedies?"),
        answer("**Damages** [1] and rescission [2].", [cite(1, "the *injured*\n party may"), cite(2)]),
        question("And notice?"),
        answer("Give notice [1].", [cite(3, "  ")]),
      ],
      AT,
    );
    expect(markdown).toBe(
      [
        "# Lease \\*remedies\\*",
        "*Exported 2026-03-02 09:05 UTC*",
        "## You",
        "What remedies?",
        "## Assistant",
        "**Damages** [^1] and rescission [^2].",
        "## You",
        "And notice?",
        "## Assistant",
        "Give notice [^3].",
        '[^1]: Title 1, Source 1, p. 10: "the \\*injured\\* party may"\n[^2]: Title 2, Source 2, p. 20\n[^3]: Title 3, Source 3, p. 30',
      ].join("\n\n") + "\n",
    );
  });

  const citations = [cite(1), cite(2)];
  it.each([
    ["a marker naming no citation stays plain text", "See [3] and [0] and [1].", "See [3] and [0] and [^1].\n\nSources: [^2]"],
    ["a marker used twice is one footnote", "[1] then [1][2]", "[^1] then [^1][^2]"],
    ["every citation the text never marks is listed", "No markers here.", "No markers here.\n\nSources: [^1] [^2]"],
    ["a link's text is not a marker", "[1](https://example.com) and [2]: and [1][ref] and [2]", "[1](https://example.com) and [2]: and [1][ref] and [^2]\n\nSources: [^1]"],
    ["markers in code stay as written", "`a[1]` and\n\n```\nx[2]\n```\n\n[1] [2]", "`a[1]` and\n\n```\nx[2]\n```\n\n[^1] [^2]"],
    ["an unclosed fence runs to the end", "[1]\n~~~\n[2]", "[^1]\n~~~\n[2]\n\nSources: [^2]"],
    ["headings go under the speaker's", "# Top\n## Sub [1] [2]\n###### Deep\n#tag", "### Top\n#### Sub [^1] [^2]\n###### Deep\n#tag"],
  ])("%s", (_, content, body) => {
    const markdown = conversationMarkdown("T", [answer(content, citations)], AT);
    expect(markdown).toContain(`## Assistant\n\n${body}\n\n[^1]: Title 1, Source 1, p. 10\n[^2]: Title 2, Source 2, p. 20\n`);
  });

  it.each([
    ["marks are escaped", "Is *this* a_b `code` [1] <b> # x | ~y~?", "Is \\*this\\* a\\_b \\`code\\` \\[1\\] \\<b\\> \\# x \\| \\~y\\~?"],
    ["line breaks are kept", "line one\nline two\n\n\nnext paragraph", "line one\\\nline two\n\nnext paragraph"],
    ["a line never starts a list or a heading", "- a\n+ b\n1. c\n2) d\n===\n# e\n> f", "\\- a\\\n\\+ b\\\n1\\. c\\\n2\\) d\\\n\\===\\\n\\# e\\\n\\> f"],
  ])("a question is plain text: %s", (_, content, body) => {
    expect(conversationMarkdown("T", [question(content)], AT)).toBe(`# T\n\n*Exported 2026-03-02 09:05 UTC*\n\n## You\n\n${body}\n`);
  });

  it("names a question's context chips", () => {
    const asked = question("Summarise", { context: [{ type: "document", id: "d1", label: "Lease_v2.pdf" }, { type: "case", id: "c1", label: "Smith v Jones" }] });
    expect(conversationMarkdown("T", [asked], AT)).toContain("## You\n\n*Context: Lease\\_v2.pdf; Smith v Jones*\n\nSummarise\n");
  });

  it.each([
    ["an empty conversation", [], "# T\n\n*Exported 2026-03-02 09:05 UTC*\n"],
    ["an answer with no citations", [answer("Nothing found [1].")], "# T\n\n*Exported 2026-03-02 09:05 UTC*\n\n## Assistant\n\nNothing found [1].\n"],
  ] as const)("%s has no footnotes", (_, messages, markdown) => {
    expect(conversationMarkdown("T", messages, AT)).toBe(markdown);
  });

  it("gives a blank title a heading", () => {
    expect(conversationMarkdown("  ", [], AT)).toMatch(/^# Conversation\n/);
  });
});

describe("exportFileName", () => {
  it.each([
    ["Lease remedies under Cap. 149", "lease-remedies-under-cap-149.md"],
    ["  What's the GDPR fine?!  ", "what-s-the-gdpr-fine.md"],
    ["Résumé of Ψ-case ΣΥΜΒΑΣΗ", "resume-of-ψ-case-συμβαση.md"],
    ["../../etc/passwd", "etc-passwd.md"],
    ['a<b>c:d"e/f\\g|h?i*j', "a-b-c-d-e-f-g-h-i-j.md"],
    ["", "conversation.md"],
    ["?!... ---", "conversation.md"],
    ["CON", "conversation.md"],
    ["lpt1", "conversation.md"],
    ["console", "console.md"],
    [`${"word ".repeat(30)}`, `${Array.from({ length: 16 }, () => "word").join("-")}.md`],
    ["x".repeat(100), `${"x".repeat(80)}.md`],
  ])("%j -> %s", (title, name) => expect(exportFileName(title)).toBe(name));
});
