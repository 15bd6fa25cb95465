import { describe, expect, it } from "vitest";
import { PREVIEW_TEXT_BYTES, previewPlan, readPreviewText } from "./preview";

describe("previewPlan", () => {
  it.each([
    ["Statement.pdf", { kind: "pdf", type: "application/pdf" }],
    ["SCAN.PDF", { kind: "pdf", type: "application/pdf" }],
    ["notes.txt", { kind: "text" }],
    ["notes.html.txt", { kind: "text" }],
    ["Lease.doc", { kind: "unsupported" }],
    ["Lease.docx", { kind: "unsupported" }],
    ["page.html", { kind: "unsupported" }],
    ["notes.txt.html", { kind: "unsupported" }],
    ["README", { kind: "unsupported" }],
  ])("%s -> %j", (name, plan) => {
    expect(previewPlan(name)).toEqual(plan);
  });
});

describe("readPreviewText", () => {
  it("reads a small file whole, as text, whatever type it claims", async () => {
    const file = new File(["<h1 id=pwned>Injected</h1>"], "notes.txt", { type: "text/html" });
    expect(await readPreviewText(file)).toEqual({ text: "<h1 id=pwned>Injected</h1>", note: null });
  });

  it("reads only the first MiB of a larger file and says so", async () => {
    const file = new File(["a".repeat(PREVIEW_TEXT_BYTES), "b".repeat(PREVIEW_TEXT_BYTES / 2)], "big.txt");
    const { text, note } = await readPreviewText(file);
    expect(text).toHaveLength(PREVIEW_TEXT_BYTES);
    expect(text.includes("b")).toBe(false);
    expect(note).toBe("Showing the first 1.0 MB of 1.5 MB.");
  });
});
