import type { Page } from "@playwright/test";
import readExcelFile from "read-excel-file/node";
import { ADA } from "./fixtures/dash";
import { READ } from "./fixtures/workspace";
import { expect, onScreen, test } from "./fixtures/workspaceTest";

// Review at archive scale (issue 44, items 3 and 6) on the bare build: the cells live in IndexedDB, so a review of
// 1,000 documents by 30 questions (30,000 cells) is kept whole across a reload with every mark and note, and reviews
// kept in localStorage before move there on first load, leaving none behind. The cells are seeded through the
// reviews database (the store the app writes), not answered from 1,000 read files: the fill itself is measured by
// `npm run bench` (src/stores/dash/reviewGrid.bench.ts).
test.use(onScreen("/dash/files", "Files"));
test.describe.configure({ timeout: 120_000 });

const DOCS = 1000;
const QUESTIONS = 30;
const TITLE = "Archive of supply contracts";
const USER_PREFIX = `paphos-ai:dash:${ADA.id}:`;

/** The review data this browser keeps in localStorage: none once the reviews moved to IndexedDB. */
const reviewKeys = (page: Page) =>
  page.evaluate((prefix) => Object.keys(localStorage).filter((key) => key.startsWith(prefix) && /^(reviews|reviewCells)(\/|$)/.test(key.slice(prefix.length))), USER_PREFIX);

/**
 * Files' 1,000 documents: a sample's record, once it is Indexed, copied 1,000 times (with its reading), so the review's
 * rows are documents the workspace holds. Written while no workspace is open (on the home page), so none writes over
 * it. Returns the reading the cells name as their document's version.
 */
async function seedDocuments(page: Page): Promise<string> {
  const key = `${USER_PREFIX}uploads`;
  const template = async () =>
    page.evaluate((key) => {
      const stored = JSON.parse(localStorage.getItem(key) ?? "null") as { data: { processing?: { doneAt?: string } }[] } | null;
      return stored?.data.find((u) => u.processing?.doneAt) ?? null;
    }, key);
  await expect.poll(template, READ).not.toBeNull();
  await page.goto("/");
  return page.evaluate(
    ({ key, count }) => {
      const stored = JSON.parse(localStorage.getItem(key) ?? "null") as { v: number; data: Record<string, unknown>[] };
      const template = stored.data.find((u) => (u.processing as { doneAt?: string } | undefined)?.doneAt)!;
      const { sample: _sample, ...own } = template;
      const copies = Array.from({ length: count }, (_, i) => ({ ...own, id: `scale-doc-${String(i)}`, title: `Archive contract ${String(i + 1).padStart(4, "0")}`, filename: `archive-${String(i)}.txt` }));
      localStorage.setItem(key, JSON.stringify({ ...stored, data: [...copies, ...stored.data] }));
      return (template.processing as { started: string }).started;
    },
    { key, count: DOCS },
  );
}

/** The review and its 30,000 cells written into the user's reviews database, every 1,000th cell Verified with a note. */
async function seedReview(page: Page, docVersion: string): Promise<void> {
  await page.evaluate(
    async ({ userId, docs, questions, title, docVersion }) => {
      const at = "2025-03-14T08:00:00.000Z";
      const review = {
        id: "scale-review",
        title,
        documents: Array.from({ length: docs }, (_, i) => ({ id: `scale-doc-${String(i)}`, title: `Archive contract ${String(i + 1).padStart(4, "0")}` })),
        columns: Array.from({ length: questions }, (_, j) => ({ id: `scale-q-${String(j)}`, label: `Question ${String(j + 1)}`, question: `What does clause ${String(j + 1)} say?` })),
        createdAt: at,
        updatedAt: at,
      };
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(`paphos-reviews/${encodeURIComponent(userId)}`);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error("open"));
      });
      const tx = db.transaction(["records", "cells"], "readwrite");
      tx.objectStore("records").put({ v: 1, data: [review] }, "reviews");
      const cells = tx.objectStore("cells");
      for (const [i, doc] of review.documents.entries()) {
        for (const [j, column] of review.columns.entries()) {
          const n = i * questions + j;
          cells.put({
            reviewId: review.id,
            docId: doc.id,
            columnId: column.id,
            question: column.question,
            docVersion,
            status: "found",
            quote: { text: `Clause ${String(j + 1)} of contract ${String(i + 1)}.`, page: 1 + (j % 5), start: 0, end: 20 },
            answeredAt: at,
            ...(n % 1000 === 0 ? { mark: { state: "verified", by: "Ada Lovelace", at }, note: `Seeded note ${String(n)}` } : {}),
          });
        }
      }
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error ?? new Error("write"));
      });
      db.close();
    },
    { userId: ADA.id, docs: DOCS, questions: QUESTIONS, title: TITLE, docVersion },
  );
}

test("a review of 1,000 documents by 30 questions: 30,000 cells kept in IndexedDB across a reload with every mark and note, the grid drawing only the rows on screen, and the XLSX export whole", async ({ page }) => {
  // The Review screen opens (creates) the reviews database; then the documents and the review are seeded.
  await page.goto("/dash/review");
  await expect(page.getByText("No reviews yet")).toBeVisible(READ);
  await seedReview(page, await seedDocuments(page));
  expect(await reviewKeys(page)).toEqual([]);

  await page.goto("/dash/review?review=scale-review");
  await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible(READ);
  await expect(page.getByText("30,000 of 30,000 cells")).toBeVisible(READ);
  const grid = page.getByRole("grid", { name: `${TITLE}: documents by questions` });
  /** A column header's count of Verified cells. */
  const verified = (n: number) => grid.locator(`th[role="columnheader"][aria-colindex="${String(n + 1)}"]`).getByText(/ of 1000 verified$/);
  await expect(grid).toHaveAttribute("aria-rowcount", String(DOCS + 1));
  // 1,000 rows, a few dozen drawn: the rest are one spacer.
  expect(await grid.locator("tbody tr[aria-rowindex]").count()).toBeLessThan(40);
  // The 30 seeded marks: one a column for the first column (cells 0, 1000, ...: every 1,000th falls on columns 0, 10, 20).
  await expect(verified(1)).toHaveText("10 of 1000 verified");

  await test.step("the last cell, reached by Ctrl+End, is Verified with a note; both are kept after a reload, with the seeded ones", async () => {
    await grid.getByRole("columnheader", { name: "Document" }).focus();
    await page.keyboard.press("Control+End");
    const last = grid.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Archive contract 1000" }) }).getByRole("gridcell").nth(QUESTIONS - 1);
    await expect(last).toBeFocused();
    await page.keyboard.press("Enter");
    const detail = page.getByRole("dialog", { name: "Question 30: Archive contract 1000" });
    await detail.getByRole("button", { name: "Verified" }).click();
    await detail.getByLabel("Note").fill("Checked the last one too.");
    await page.keyboard.press("Escape");
    await expect(last).toContainText("Verified");
    await expect(verified(30)).toHaveText("1 of 1000 verified");

    await page.reload();
    await expect(page.getByText("30,000 of 30,000 cells")).toBeVisible(READ);
    await expect(verified(30)).toHaveText("1 of 1000 verified");
    await expect(verified(1)).toHaveText("10 of 1000 verified");
    await grid.getByRole("columnheader", { name: "Document" }).focus();
    await page.keyboard.press("Control+End");
    await expect(last).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(detail.getByLabel("Note")).toHaveValue("Checked the last one too.");
    await expect(detail.getByText(/^Verified by Ada Lovelace on /)).toBeVisible();
    await page.keyboard.press("Escape");
    // A seeded note in the middle of the grid (cell 15,000: contract 501, question 1), scrolled to: drawn once on screen.
    await expect(grid.getByRole("rowheader", { name: "Archive contract 0501" })).toHaveCount(0);
    await grid.evaluate((el) => el.parentElement?.scrollTo({ top: 499 * 112 }));
    await grid.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Archive contract 0501" }) }).getByRole("gridcell").first().getByRole("button", { name: /^Found/ }).click();
    await expect(page.getByRole("dialog", { name: "Question 1: Archive contract 0501" }).getByLabel("Note")).toHaveValue("Seeded note 15000");
    await page.keyboard.press("Escape");
    expect(await reviewKeys(page)).toEqual([]);
  });

  await test.step("the XLSX export holds all 1,000 rows by 30 questions and the 30,000 cells in Sources", async () => {
    await page.getByRole("button", { name: "Export" }).click();
    const download = page.waitForEvent("download");
    await page.getByRole("menuitem", { name: "Excel workbook (.xlsx)" }).click();
    const sheets = await readExcelFile((await (await download).path()) as string);
    const review = sheets.find((s) => s.sheet === "Review")?.data ?? [];
    const sources = sheets.find((s) => s.sheet === "Sources")?.data ?? [];
    expect(review).toHaveLength(DOCS + 1);
    expect(review[0]).toHaveLength(QUESTIONS + 1);
    expect(review[DOCS]?.[0]).toBe("Archive contract 1000");
    expect(sources).toHaveLength(DOCS * QUESTIONS + 1);
    expect(sources.filter((row) => row[7] === "Checked the last one too.")).toHaveLength(1);
  });
});

test("reviews kept in localStorage before move to IndexedDB on first load, with every mark and note, and none is left in localStorage", async ({ page }) => {
  const at = "2025-03-13T09:00:00.000Z";
  // What the app kept before issue 44: the list under one key, each review's cells under a shard key, an index of them.
  await page.evaluate(
    ({ prefix, at }) => {
      const review = (id: string, title: string) => ({
        id,
        title,
        documents: [{ id: "gone-doc", title: "An old lease" }],
        columns: [{ id: "q-law", label: "Governing law", question: "Which law governs the contract?" }],
        createdAt: at,
        updatedAt: at,
      });
      const cell = (note: string) => ({
        docId: "gone-doc",
        columnId: "q-law",
        question: "Which law governs the contract?",
        docVersion: at,
        status: "found",
        quote: { text: "This lease is governed by the laws of Cyprus.", page: 2, start: 0, end: 44 },
        mark: { state: "flagged", by: "Ada Lovelace", at },
        note,
        answeredAt: at,
      });
      localStorage.setItem(`${prefix}reviews`, JSON.stringify({ v: 1, data: [review("old-1", "Old leases"), review("old-2", "Old loans")] }));
      localStorage.setItem(`${prefix}reviewCells`, JSON.stringify({ v: 1, data: ["old-1", "old-2"] }));
      localStorage.setItem(`${prefix}reviewCells/shard/old-1`, JSON.stringify({ v: 1, data: [cell("Ask about the Cyprus clause")] }));
      localStorage.setItem(`${prefix}reviewCells/shard/old-2`, JSON.stringify({ v: 1, data: [cell("Second review's note")] }));
    },
    { prefix: USER_PREFIX, at },
  );
  expect(await reviewKeys(page)).toHaveLength(4);

  await page.goto("/dash/review");
  const list = page.getByRole("list", { name: "Saved reviews" });
  await expect(list).toContainText("Old leases", READ);
  await expect(list).toContainText("Old loans");
  await expect.poll(() => reviewKeys(page)).toEqual([]);

  await page.reload();
  await page.getByRole("button", { name: "Open Old leases" }).click();
  const grid = page.getByRole("grid", { name: "Old leases: documents by questions" });
  await expect(grid.getByRole("gridcell").first()).toContainText("Flagged", READ);
  await grid.getByRole("gridcell").first().getByRole("button", { name: /^(Found|Not read)/ }).click();
  await expect(page.getByRole("dialog", { name: "Governing law: An old lease" }).getByLabel("Note")).toHaveValue("Ask about the Cyprus clause");
  expect(await reviewKeys(page)).toEqual([]);
});
