import { DeletedTextRun, Document, InsertedTextRun, Packer, Paragraph, TextRun } from "docx";
import type { RedlineBlock } from "./redlineBlocks";

/** Who made the changes and when, as Word shows beside each revision. */
export interface RedlineAuthor {
  author: string;
  /** ISO 8601. */
  date: string;
}

/**
 * The redline as a Word document: version B with every change a tracked revision (w:ins and w:del, each with its
 * author and date), so Accept All gives B and Reject All gives A. Loaded only when Export is chosen.
 */
export async function redlineDocx(title: string, blocks: readonly RedlineBlock[], { author, date }: RedlineAuthor): Promise<Blob> {
  let id = 0;
  const run = (part: RedlineBlock[number]) => {
    if (part.kind === "same") return new TextRun(part.text);
    id += 1;
    return part.kind === "ins" ? new InsertedTextRun({ text: part.text, id, author, date }) : new DeletedTextRun({ text: part.text, id, author, date });
  };
  const doc = new Document({
    title,
    creator: author,
    features: { trackRevisions: true },
    sections: [{ children: blocks.map((block) => new Paragraph({ children: block.map(run) })) }],
  });
  return Packer.toBlob(doc);
}
