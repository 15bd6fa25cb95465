import type { Locator, Page } from "@playwright/test";
import readExcelFile from "read-excel-file/node";
import { laidOutPdf } from "../fixtures/documents";
import { expectNoAxeViolations } from "./fixtures/axe";
import { sidebar } from "./fixtures/chat";
import { collapse, cuadContract, MERIT_LIFE, SIMPLICITY_ESPORTS, uploadDocument, type CuadContract } from "./fixtures/cuad";
import { READ } from "./fixtures/workspace";
import { expect, onScreen, test } from "./fixtures/workspaceTest";

// Review (issue 30) on the bare build: three CUAD contracts of the dev set (CC BY 4.0, The Atticus Project) uploaded,
// two as TXT and one as a PDF made here, reviewed against four presets. Each Found cell must quote the clause the
// experts marked; each Not found cell must be one the experts found no clause of.
test.use(onScreen("/dash/uploads", "Uploads"));
test.describe.configure({ timeout: 180_000 });

const CASE = "Kyprianou v. Limassol Marine Services";
const AGAPE = "AgapeAtpCorp_20191202_10-KA_EX-10.1_11911128_EX-10.1_Supply_Agreement";
const CONTRACTS: { title: string; contract: CuadContract; pdf?: boolean }[] = [
  { title: "MeritLife services agreement", contract: cuadContract(MERIT_LIFE) },
  { title: "Agape supply agreement", contract: cuadContract(AGAPE) },
  { title: "Smaaash franchise agreement", contract: cuadContract(SIMPLICITY_ESPORTS), pdf: true },
];
/** The presets reviewed, as the grid's headers, and the CUAD category each stands for. */
const PRESETS: { label: string; group: string; category: string }[] = [
  { label: "Governing law", group: "Governing law and disputes", category: "Governing Law" },
  { label: "Term", group: "Term, renewal and termination", category: "Expiration Date" },
  { label: "Assignment", group: "Assignment and change of control", category: "Anti-Assignment" },
  { label: "Non-compete", group: "Exclusivity, non-compete and non-solicit", category: "Non-Compete" },
];
const TITLE = "Supply and services contracts";

async function uploadAll(page: Page): Promise<void> {
  for (const { title, contract, pdf } of CONTRACTS) {
    const file = pdf
      ? { name: `${title}.pdf`, mimeType: "application/pdf", buffer: Buffer.from((await laidOutPdf(contract.text)).pdf) }
      : { name: `${title}.txt`, mimeType: "text/plain", buffer: Buffer.from(contract.text) };
    await uploadDocument(page, file, CASE, title);
  }
}

/** Makes the review from the Review screen and waits until every cell is answered. */
async function makeReview(page: Page): Promise<Locator> {
  await sidebar(page).getByRole("link", { name: "Review" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Review" })).toBeVisible();
  await page.getByRole("button", { name: "New Review" }).click();
  const dialog = page.getByRole("dialog", { name: "New Review" });
  await dialog.getByRole("textbox", { name: "Review title" }).fill(TITLE);
  for (const { title } of CONTRACTS) await dialog.getByRole("checkbox", { name: new RegExp(`^${title}`) }).check();
  for (const { label, group } of PRESETS) {
    const details = dialog.locator("details").filter({ has: page.getByText(group, { exact: true }) });
    if (!(await details.evaluate((d: HTMLDetailsElement) => d.open))) await details.getByText(group, { exact: true }).click();
    await details.getByRole("checkbox", { name: label, exact: true }).check();
  }
  await expect(dialog.getByText("4 of at most 30 picked")).toBeVisible();
  await dialog.getByRole("button", { name: "Start Review" }).click();
  await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByText("12 of 12 cells")).toBeVisible(READ);
  return page.getByRole("grid", { name: `${TITLE}: documents by questions` });
}

const cellOf = (grid: Locator, docTitle: string, column: number): Locator =>
  grid.getByRole("row").filter({ has: grid.page().getByRole("rowheader", { name: docTitle }) }).getByRole("gridcell").nth(column);

/** Opens a cell's detail with the mouse: its status line. */
const openCell = (cell: Locator) => cell.getByRole("button", { name: /^(Found|Not found|Not read)/ }).click();

// Uploading and reading the three contracts and answering the 12 cells is the expensive part: it is done once, and
// each behaviour of the finished review is a step of its own (a failure names the step).
test("a review of three contracts against four presets: every cell filled from the experts' clauses, the XLSX export, axe on the grid, a cell and the menu, a quote opening the viewer, and a Verified mark kept after a reload", async ({ page }) => {
  await uploadAll(page);
  const grid = await makeReview(page);

  await test.step("every cell is filled: Found quotes the experts' clause, Not found is a clause the contract lacks", async () => {
    await expect(grid.getByRole("columnheader")).toHaveText(["Document", ...PRESETS.map((p) => new RegExp(`^${p.label}`))]);
    for (const { title, contract } of CONTRACTS) {
      for (const [j, { category }] of PRESETS.entries()) {
        const cell = cellOf(grid, title, j);
        if (contract.lacks(category)) {
          await expect(cell, `${title} / ${category}`).toContainText("Not found");
          continue;
        }
        await expect(cell, `${title} / ${category}`).toContainText("Found");
        const text = collapse((await cell.textContent()) ?? "");
        const spans = contract.spans(category);
        expect(
          spans.some((span) => text.includes(collapse(span))),
          `${title} / ${category} quotes one of: ${spans.join(" | ").slice(0, 200)}`,
        ).toBe(true);
      }
    }
  });

  await test.step("the XLSX export has a Review sheet of 3 rows by 4 questions whose answers are the grid's, and a Sources sheet naming every page; the grid, a cell and the menu pass axe", async () => {
    await expectNoAxeViolations(page, "grid: ");

    await page.getByRole("button", { name: "Export" }).click();
    await expect(page.getByRole("menu", { name: "Export" })).toBeVisible();
    await expectNoAxeViolations(page, "export menu: ");
    const download = page.waitForEvent("download");
    await page.getByRole("menuitem", { name: "Excel workbook (.xlsx)" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("supply-and-services-contracts-2025-03-14.xlsx");
    const sheets = await readExcelFile((await file.path()) as string);
    const review = sheets.find((s) => s.sheet === "Review")?.data ?? [];
    const sources = sheets.find((s) => s.sheet === "Sources")?.data ?? [];
    expect(review[0]).toEqual(["Document", ...PRESETS.map((p) => p.label)]);
    expect(review.slice(1).map((row) => row[0])).toEqual(CONTRACTS.map((c) => c.title));
    // Each answer cell says what the grid shows: its status, or its answer, the whole quote and its page.
    const shown = await grid.getByRole("gridcell").evaluateAll((cells) =>
      cells.map((cell) => {
        const [status, quote] = [...cell.querySelectorAll("button")].map((button) => button.textContent ?? "");
        const page = /p\. (\d+)/.exec(status ?? "")?.[1];
        const answer = cell.querySelector("p")?.textContent;
        const label = cell.querySelector("button span")?.textContent ?? "";
        return quote && page ? `${answer ? `${answer}: ` : ""}"${quote.replace(/^“|”$/g, "")}" (p. ${page})` : label;
      }),
    );
    expect(review.slice(1).flatMap((row) => row.slice(1))).toEqual(shown);
    // Every page a Found cell quotes is named in Sources, beside its document.
    const cells = grid.getByRole("gridcell");
    const pages = new Set<string>();
    for (const [i, text] of (await cells.allTextContents()).entries()) {
      const found = /p\. (\d+)/.exec(text);
      if (found) pages.add(`${CONTRACTS[Math.floor(i / PRESETS.length)]!.title} p.${found[1]!}`);
    }
    expect(pages.size).toBeGreaterThan(6);
    const named = new Set(sources.slice(1).filter((row) => row[1] !== null).map((row) => `${String(row[0])} p.${String(row[1])}`));
    expect([...pages].filter((p) => !named.has(p))).toEqual([]);
    expect(sources[0]).toEqual(["Document", "Page", "Question", "Quote", "Answer", "Status", "Verified by", "Note"]);

    await openCell(cellOf(grid, CONTRACTS[0]!.title, 0));
    const detail = page.getByRole("dialog", { name: /^Governing law:/ });
    await expect(detail).toBeVisible();
    await expectNoAxeViolations(page, "cell: ");
    await detail.getByRole("button", { name: "Close" }).click();
    await expect(detail).toBeHidden();
  });

  await test.step("a cell's quote opens the viewer on its page with the passage highlighted; a Verified mark records who and stays after a reload", async () => {
    const [merit] = CONTRACTS;
    const cell = cellOf(grid, merit!.title, 0);
    const clause = collapse(merit!.contract.span("Governing Law"));
    const pageNo = Number(/p\. (\d+)/.exec((await cell.textContent()) ?? "")?.[1]);

    await cell.getByRole("button", { name: /governed|laws/i }).click();
    const viewer = page.getByRole("dialog", { name: merit!.title });
    await expect(viewer.getByText(new RegExp(`^Page ${String(pageNo)} of \\d+$`))).toBeVisible();
    await expect(viewer.getByRole("region", { name: `Page ${String(pageNo)}` }).locator("mark")).toContainText(clause);
    await viewer.getByRole("button", { name: "Close" }).click();

    // Keyboard: into the grid, to the cell, Enter opens it; Escape closes it with focus back on the cell.
    await grid.getByRole("columnheader", { name: "Document" }).focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowRight");
    await expect(cell).toBeFocused();
    await page.keyboard.press("Enter");
    const detail = page.getByRole("dialog", { name: `Governing law: ${merit!.title}` });
    await expect(detail.getByRole("blockquote")).toContainText(clause);
    await detail.getByRole("button", { name: "Verified" }).click();
    await expect(detail.getByText(/^Verified by Ada Lovelace on /)).toBeVisible();
    await detail.getByLabel("Note").fill("Checked against the signed copy.");
    await page.keyboard.press("Escape");
    await expect(detail).toBeHidden();
    await expect(cell).toBeFocused();
    await expect(cell).toContainText("Verified");
    await expect(grid.getByRole("columnheader", { name: /^Governing law/ })).toContainText("1 of 3 verified");

    await page.reload();
    const again = page.getByRole("grid", { name: `${TITLE}: documents by questions` });
    await expect(cellOf(again, merit!.title, 0)).toContainText("Verified", READ);
    await openCell(cellOf(again, merit!.title, 0));
    await expect(page.getByRole("dialog", { name: `Governing law: ${merit!.title}` }).getByLabel("Note")).toHaveValue("Checked against the signed copy.");
  });
});

test("no other screen and no marketing page loads the review's code or the spreadsheet library", async ({ page }) => {
  let scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  const fileName = (url: string) => new URL(url).pathname.split("/").pop() ?? "";
  const LEASE = "Lease of Flat 3, 18 Tombs of the Kings Road";
  await test.step("Export brings the spreadsheet library: the scripts that load on its click", async () => {
    await page.goto("/dash/review");
    await page.getByRole("button", { name: "New Review" }).click();
    const dialog = page.getByRole("dialog", { name: "New Review" });
    await dialog.getByRole("textbox", { name: "Review title" }).fill("Lease");
    await dialog.getByRole("checkbox", { name: new RegExp(`^${LEASE}`) }).check(READ);
    await dialog.getByRole("checkbox", { name: "Parties", exact: true }).check();
    await dialog.getByRole("button", { name: "Start Review" }).click();
    await expect(page.getByText("1 of 1 cells")).toBeVisible(READ);
    // The Review screen's own chunk (named after its first module) came with the screen.
    expect(scripts.filter((url) => /^review/i.test(fileName(url))).length).toBeGreaterThan(0);
  });
  scripts = [];
  await page.getByRole("button", { name: "Export" }).click();
  const download = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "Excel workbook (.xlsx)" }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  const spreadsheetCode = scripts;
  expect(spreadsheetCode.length).toBeGreaterThan(0);

  await test.step("none of it, nor the Review screen's chunk, loads on another screen or a marketing page", async () => {
    scripts = [];
    for (const [path, heading] of [["/dash/chat", "Chat"], ["/dash/knowledge", "Knowledge Base"], ["/dash/files", "Files"], ["/dash/cases", "Cases"], ["/dash/settings", "Settings"], ["/", undefined]] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, ...(heading ? { name: heading } : {}) })).toBeVisible();
    }
    expect(scripts.length).toBeGreaterThan(5);
    expect(scripts.filter((url) => spreadsheetCode.includes(url))).toEqual([]);
    expect(scripts.map(fileName).filter((name) => /^review/i.test(name))).toEqual([]);
  });
});

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the grid scrolls sideways with the document column fixed; New Review passes axe; a review is renamed and deleted after a confirmation", async ({ page }) => {
    const SERVICES = "Construction Services Agreement, Kato Paphos Residences";
    const LEASE = "Lease of Flat 3, 18 Tombs of the Kings Road";
    await page.goto("/dash/review");
    await expect(page.getByRole("heading", { level: 1, name: "Review" })).toBeVisible();
    await expect(page.getByText("No reviews yet")).toBeVisible();
    await page.getByRole("button", { name: "New Review" }).click();
    const dialog = page.getByRole("dialog", { name: "New Review" });
    await expect(dialog.getByRole("button", { name: "Start Review" })).toBeDisabled();
    for (const title of [SERVICES, LEASE]) await expect(dialog.getByRole("checkbox", { name: new RegExp(`^${title}`) })).toBeEnabled(READ);
    await expectNoAxeViolations(page, "new review: ");
    await dialog.getByRole("textbox", { name: "Review title" }).fill("Georgiou documents");
    for (const title of [SERVICES, LEASE]) await dialog.getByRole("checkbox", { name: new RegExp(`^${title}`) }).check();
    await dialog.getByRole("checkbox", { name: "Parties", exact: true }).check();
    await dialog.getByRole("textbox", { name: "Or type a question" }).fill("Who must repair defects, and within how many days?");
    await dialog.getByRole("button", { name: "Add question" }).click();
    await expect(dialog.getByRole("list", { name: "Questions picked" }).getByRole("listitem")).toHaveCount(2);
    await dialog.getByRole("button", { name: "Start Review" }).click();
    await expect(page.getByText("4 of 4 cells")).toBeVisible(READ);

    const grid = page.getByRole("grid", { name: "Georgiou documents: documents by questions" });
    const box = grid.locator("xpath=..");
    const header = grid.getByRole("rowheader", { name: SERVICES });
    const left = (await box.boundingBox())?.x ?? 0;
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await box.evaluate((el) => el.scrollBy({ left: 400 }));
    await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(300);
    expect(Math.round((await header.boundingBox())?.x ?? -1)).toBe(Math.round(left + 1));

    await page.getByRole("button", { name: "← All reviews" }).click();
    await page.getByRole("button", { name: "Rename Georgiou documents" }).click();
    const rename = page.getByRole("dialog", { name: "Rename review" });
    await rename.getByRole("textbox", { name: "Title" }).fill("Georgiou v. Paphos Developments");
    await rename.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("list", { name: "Saved reviews" })).toContainText("Georgiou v. Paphos Developments2 documents · 2 questions");
    await page.getByRole("button", { name: "Delete Georgiou v. Paphos Developments" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this review?" });
    await expect(confirm).toContainText("Its documents stay in Files.");
    await confirm.getByRole("button", { name: "Delete Review" }).click();
    await expect(page.getByText("No reviews yet")).toBeVisible();
  });
});
