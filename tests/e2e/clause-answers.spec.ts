import type { Page } from "@playwright/test";
import { textPages } from "../../src/lib/documents/text";
import { laidOutPdf } from "../fixtures/documents";
import { GOVERNING_LAW, MERIT_LIFE, SIMPLICITY_ESPORTS, askAboutDocument, collapse, cuadContract, quotes, uploadDocument } from "./fixtures/cuad";
import { expect, onScreen, test } from "./fixtures/workspaceTest";

// Answers that find the clause (issue 29), on real contracts of CUAD's dev set (CC BY 4.0, The Atticus Project): with
// the contract attached, "What does this contract say about governing law?" quotes the clause the experts marked,
// first; its citation opens the viewer on that page with the clause highlighted; a clause the contract lacks is said
// to be absent. The bare build: the browser's index, no model, answers quote the passages found.
test.use(onScreen("/dash/uploads", "Uploads"));
// Uploading and reading a contract (a PDF through pdf.js), on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });

const KYPRIANOU = "Kyprianou v. Limassol Marine Services";

const merit = cuadContract(MERIT_LIFE);
const MERIT_TITLE = "MeritLife master services agreement";
const simplicity = cuadContract(SIMPLICITY_ESPORTS);
const SIMPLICITY_TITLE = "Smaaash franchise agreement";

/** The page (1-based) whose text holds `span`, white space collapsed; fails when none does. */
function pageHolding(pages: readonly string[], span: string): number {
  const at = pages.findIndex((text) => collapse(text).includes(collapse(span)));
  expect(at, `a page holding "${span.slice(0, 60)}…"`).toBeGreaterThanOrEqual(0);
  return at + 1;
}

const uploadMerit = (page: Page) =>
  uploadDocument(page, { name: `${MERIT_TITLE}.txt`, mimeType: "text/plain", buffer: Buffer.from(merit.text) }, KYPRIANOU, MERIT_TITLE);

// One upload of the contract serves both questions: the absent clause first, so the governing-law answer after it
// also shows that absence is said of the clause asked about only.
test("a TXT contract attached: a clause it lacks is said not to be found, with what follows quoted as related only; the governing-law question then quotes its clause first, and the citation opens the viewer on that page with the clause highlighted", async ({ page }) => {
  await uploadMerit(page);

  await test.step("a clause the attached contract lacks: the reply says no such clause was found in it, and quotes what follows as related only", async () => {
    // The experts marked no change-of-control clause in this contract.
    expect(merit.lacks("Change Of Control")).toBe(true);
    const answer = await askAboutDocument(page, MERIT_TITLE, "What does this contract say about change of control?");
    // Said first and plainly; the closest passages follow, labelled related, never as the answer.
    await expect(answer).toContainText(
      /^No change-of-control clause was found in “MeritLife master services agreement”\.\s*The closest passages are related, not such a clause:/,
    );
    await expect(answer).not.toContainText(/I found \d relevant passage/);
  });

  await test.step("the governing-law question quotes its governing-law clause first, and the citation opens the viewer on that page with the clause highlighted", async () => {
    const clause = merit.span("Governing Law");
    const onPage = pageHolding(textPages(merit.text), clause);
    const answer = await askAboutDocument(page, MERIT_TITLE, GOVERNING_LAW);
    await expect(answer).toContainText(/^I found \d relevant passages? in “MeritLife master services agreement”/);
    await expect(quotes(answer).first()).toContainText(collapse(clause));
    await expect(answer.locator("strong").first()).toHaveText(MERIT_TITLE);

    // The marker [1] opens the viewer on the clause's page, the clause highlighted in the page's text.
    await answer.getByRole("button", { name: `[1] ${MERIT_TITLE}, page ${String(onPage)}` }).click();
    const viewer = page.getByRole("dialog", { name: MERIT_TITLE });
    await expect(viewer.getByText(`Page ${String(onPage)} of ${String(textPages(merit.text).length)}`)).toBeVisible();
    const highlight = viewer.getByRole("region", { name: `Page ${String(onPage)}` }).locator("mark");
    await expect(highlight).toContainText(collapse(clause));
    await expect(highlight).toBeInViewport();
  });
});

test("a PDF made from a contract's text: the governing-law question quotes its clause first, and the citation opens the page it is printed on with the clause highlighted in the text layer", async ({ page }) => {
  const clause = simplicity.span("Governing Law");
  const { pdf, pages } = await laidOutPdf(simplicity.text);
  const onPage = pageHolding(
    pages.map((lines) => lines.join("\n")),
    clause,
  );
  await uploadDocument(page, { name: `${SIMPLICITY_TITLE}.pdf`, mimeType: "application/pdf", buffer: Buffer.from(pdf) }, KYPRIANOU, SIMPLICITY_TITLE);

  const answer = await askAboutDocument(page, SIMPLICITY_TITLE, GOVERNING_LAW);
  await expect(answer).toContainText(/^I found \d relevant passages? in “Smaaash franchise agreement”/);
  await expect(quotes(answer).first()).toContainText(collapse(clause));

  await answer.getByRole("button", { name: `[1] ${SIMPLICITY_TITLE}, page ${String(onPage)}` }).click();
  const viewer = page.getByRole("dialog", { name: SIMPLICITY_TITLE });
  await expect(viewer.getByText(`Page ${String(onPage)} of ${String(pages.length)}`)).toBeVisible();
  const highlighted = viewer.locator(".textLayer .highlight");
  await expect(highlighted.first()).toBeVisible();
  // The highlighted spans of the text layer, read in order, hold the whole clause.
  await expect.poll(async () => collapse((await highlighted.allTextContents()).join(" "))).toContain(collapse(clause));
});
