import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Page, Response } from "@playwright/test";
import { MAX_CANVAS_PIXELS } from "../../src/lib/documents/canvas";
import { featureKey } from "../../src/lib/dash/browserStorage";
import { sampleUploads } from "../../src/lib/dash/samples/documents";
import { SAMPLE_PAGES_PATH } from "../../src/lib/dash/samples/pages";
import { WORKER_CSP } from "../../src/lib/security/policy";
import { blankPdf, docx, executable, scannedPdf, textPdf } from "../fixtures/documents";
import { expectNoAxeViolations } from "./fixtures/axe";
import { recordViolations } from "./fixtures/csp";
import { ADA, GRACE, openDash, signInAs } from "./fixtures/dash";
import { READ, card, installClock, pauseClock, reloadPaused, workspaceContext } from "./fixtures/workspace";
import { expect, onScreen, test } from "./fixtures/workspaceTest";

// Real documents (issue 17): uploads are read in a worker, kept per user in IndexedDB, and shown by the viewer.
test.use(onScreen("/dash/uploads", "Uploads"));
test.describe.configure({ timeout: 90_000 });

const KYPRIANOU = "Kyprianou v. Limassol Marine Services";
/** The sample document filed under Kyprianou. */
const MEMO = "Internal Memo: Motion to Dismiss Template";
const PAGE_TWO = "The olive groves of Tala pass to the second defendant.";
const MB = 1024 * 1024;

interface Upload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const file = (name: string, bytes: Uint8Array, mimeType = "application/pdf"): Upload => ({ name, mimeType, buffer: Buffer.from(bytes) });
const row = (page: Page, title: string) => page.getByRole("main").getByRole("listitem", { name: title, exact: true });

/** Chooses the file, files it under Kyprianou and sends it. */
async function upload(page: Page, chosen: Upload) {
  await page.getByLabel("Choose File").setInputFiles(chosen);
  await page.getByLabel("Target Case").selectOption({ label: KYPRIANOU });
  await page.getByRole("button", { name: "Upload Document" }).click();
}

const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

interface StoredPage {
  docId: string;
  number: number;
  text: string;
  source: string;
}

/**
 * What Ada's documents database holds: its files (id, name) and pages. With `leaveBehind`, first writes what a delete
 * cut off by closing the page leaves there (a file and its page, and a page whose document is gone).
 */
const adaDocuments = (page: Page, leaveBehind = false) =>
  page.evaluate(
    async ({ name, leaveBehind }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(new Error("open"));
      });
      if (leaveBehind) {
        const tx = db.transaction(["files", "pages"], "readwrite");
        tx.objectStore("files").put({ id: "leftover", name: "Leftover.pdf", kind: "pdf", bytes: new ArrayBuffer(8) });
        tx.objectStore("pages").put({ docId: "leftover", number: 1, text: "Left behind.", source: "text" });
        tx.objectStore("pages").put({ docId: "gone", number: 1, text: "An orphan page.", source: "text" });
        await new Promise((resolve) => (tx.oncomplete = resolve));
      }
      const all = <T,>(store: string) =>
        new Promise<T[]>((resolve) => {
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result as T[]);
        });
      const files = (await all<{ id: string; name: string }>("files")).map(({ id, name }) => ({ id, name }));
      const pages = (await all<StoredPage>("pages")).map(({ docId, number, text, source }) => ({ docId, number, text, source }));
      db.close();
      return { files, pages };
    },
    { name: `paphos-documents/${encodeURIComponent(ADA.id)}`, leaveBehind },
  );

/** Ada's stored pages (number, text, source) of each document she holds the file of, by the file's name. */
async function storedPagesByFile(page: Page) {
  const { files, pages } = await adaDocuments(page);
  return Object.fromEntries(
    files.map((f) => [f.name, pages.filter((p) => p.docId === f.id).sort((x, y) => x.number - y.number).map(({ number, text, source }) => ({ number, text, source }))]),
  );
}

const threePages = async () =>
  file("Settlement.pdf", await textPdf([["Settlement agreement, Paphos District Court."], [PAGE_TWO], ["Signed at Paphos on 3 March 2025."]]));

test("a 3-page PDF: OCR Processing with its pages, Indexed with '3 pages', and after a reload the viewer shows page 2's sentence", async ({ page }) => {
  await pauseClock(page);
  await upload(page, await threePages());
  const settlement = row(page, "Settlement");
  await expect(settlement).toContainText("Queued");
  await page.clock.runFor(1000);
  await expect(settlement).toContainText("OCR Processing");
  await expect(settlement).toContainText("page 3 of 3", READ);
  await page.clock.runFor(3000);
  await expect(settlement).toContainText("Indexed");
  await expect(settlement).toContainText("3 pages");

  await reloadPaused(page, "Uploads");
  await page.getByRole("link", { name: "Files" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
  await card(page, "Settlement").getByRole("button", { name: "Preview" }).click();
  const viewer = page.getByRole("dialog", { name: "Settlement" });
  await expect(viewer.getByText("Page 1 of 3")).toBeVisible();
  await expect(viewer.getByRole("region", { name: "Page 1" })).toContainText("Settlement agreement");
  await viewer.getByRole("button", { name: "Next page" }).click();
  await expect(viewer.getByText("Page 2 of 3")).toBeVisible();
  await expect(viewer.getByRole("region", { name: "Page 2" })).toContainText(PAGE_TWO);
  // The keyboard turns pages too, and zoom changes the drawn size.
  await viewer.getByRole("region", { name: "Settlement: contents" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(viewer.getByText("Page 3 of 3")).toBeVisible();
  await page.keyboard.press("Home");
  await expect(viewer.getByText("Page 1 of 3")).toBeVisible();
  const before = await viewer.locator("canvas").boundingBox();
  await viewer.getByRole("button", { name: "Zoom in" }).click();
  await expect(viewer.getByText("125%")).toBeVisible();
  await expect.poll(async () => (await viewer.locator("canvas").boundingBox())?.width).toBeGreaterThan((before?.width ?? 0) * 1.2);
  await viewer.getByRole("button", { name: "Fit to width" }).click();
  await expect(viewer.getByText("100%")).toBeVisible();
  // axe waits on timers: the clock runs again for it.
  await page.clock.resume();
  await expectNoAxeViolations(page, "viewer: ");
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await expect(card(page, "Settlement").getByRole("button", { name: "Preview" })).toBeFocused();
});

test("a DOCX reads as sections and a TXT as pages; both reach Indexed and show their text", async ({ page }) => {
  await pauseClock(page);
  const clauses = Array.from({ length: 8 }, (_, i) => `Clause ${String(i + 1)}. ${"The tenant keeps the premises at Kato Paphos in good repair. ".repeat(8).trim()}`);
  await upload(page, file("Lease.docx", await docx(clauses), "application/vnd.openxmlformats-officedocument.wordprocessingml.document"));
  await upload(page, { name: "Memo.txt", mimeType: "text/plain", buffer: Buffer.from("Memo to the partners\fSecond page: the Limassol hearing moved to 12 May.") });
  await page.clock.runFor(4000);
  await expect(row(page, "Lease")).toContainText("Indexed", READ);
  await expect(row(page, "Lease")).toContainText("2 sections");
  await expect(row(page, "Memo")).toContainText("Indexed", READ);
  await expect(row(page, "Memo")).toContainText("2 pages");

  await page.getByRole("link", { name: "Files" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
  await card(page, "Lease").getByRole("button", { name: "Preview" }).click();
  const lease = page.getByRole("dialog", { name: "Lease" });
  await expect(lease.getByText("Section 1 of 2")).toBeVisible();
  await expect(lease.getByRole("region", { name: "Section 1" })).toContainText("Clause 1. The tenant keeps the premises");
  await page.keyboard.press("Escape");
  await card(page, "Memo").getByRole("button", { name: "Preview" }).click();
  const memo = page.getByRole("dialog", { name: "Memo" });
  await memo.getByRole("button", { name: "Next page" }).click();
  await expect(memo.getByRole("region", { name: "Page 2" })).toHaveText("Second page: the Limassol hearing moved to 12 May.");
});

// One workspace, one OCR engine: the three scans are read one after the other by the same reader (each was a test,
// with a workspace and an engine of its own).
test("scanned pages: a scan is recognised (its words in the viewer, marked as recognised by OCR), one 200 inches wide within the cap on pixels, and a blank one fails with 'No readable text'", async ({ page }) => {
  await pauseClock(page);
  const png = readFileSync(new URL("../fixtures/documents/scan-line.png", import.meta.url));
  await upload(page, file("Scanned lease.pdf", await scannedPdf(png)));
  // At OCR's 200 dpi the page would be 40,000 pixels wide; within the cap, its scan of 700 points is about 900 wide.
  await upload(page, file("Wide scan.pdf", await scannedPdf(png, [14_400, 1_440], 700)));
  await upload(page, file("Blank.pdf", await blankPdf()));
  await page.clock.runFor(4000);
  await test.step("a scanned page is recognised: its words are in the viewer, marked as recognised by OCR", async () => {
    const scanned = row(page, "Scanned lease");
    await expect(scanned).toContainText("Indexed", { timeout: 60_000 });
    await expect(scanned).toContainText("1 page, 1 recognised by OCR");
  });
  await test.step("a scanned page 200 inches wide is recognised from a drawing within the cap on pixels", async () => {
    const wide = row(page, "Wide scan");
    await expect(wide).toContainText("Indexed", { timeout: 60_000 });
    await expect(wide).toContainText("1 page, 1 recognised by OCR");
  });
  await test.step("a blank PDF page that OCR cannot read either fails with 'No readable text'", async () => {
    await expect(row(page, "Blank")).toContainText("No readable text was found in this document", { timeout: 60_000 });
  });
  await test.step("the scan's recognised words show in the viewer, marked as such", async () => {
    await page.getByRole("link", { name: "Files" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
    await card(page, "Scanned lease").getByRole("button", { name: "Preview" }).click();
    const viewer = page.getByRole("dialog", { name: "Scanned lease" });
    await expect(viewer).toContainText("Recognised by OCR");
    await expect(viewer.getByRole("region", { name: "Recognised text of page 1" })).toContainText(/LEASE AGREEMENT/i);
  });
});

test("each failure says why on its card while the next upload still reaches Indexed", async ({ page }) => {
  test.setTimeout(150_000);
  await pauseClock(page);
  const password = readFileSync(new URL("../fixtures/documents/password-protected.pdf", import.meta.url));
  const whole = await threePages();
  const failures: [Upload, string][] = [
    [file("Renamed program.pdf", executable()), "This file is not a PDF file: its contents are a program."],
    [file("Torn.pdf", whole.buffer.subarray(0, 200)), "This PDF is damaged or incomplete and cannot be read."],
    [file("Locked.pdf", password), "This PDF is protected by a password."],
    [{ name: "Dashes.txt", mimeType: "text/plain", buffer: Buffer.from("-- -- --\n\n***") }, "No readable text was found in this document"],
    // The caps (a PDF or a text of 2,001 pages, a DOCX that would unpack to more than 100 MB) fail through this same card:
    // their reasons are checked with the reader itself in src/lib/documents/worker/ingest.test.ts, where making a
    // 2,001-page PDF or a 100 MB DOCX costs no browser.
    [file("Old brief.doc", new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array<number>(504).fill(0)]), "application/msword"), "Word 97-2003 files can be kept but not read; save it as .docx or PDF"],
  ];
  for (const [failing] of failures) await upload(page, failing);
  await upload(page, await threePages());
  await page.clock.runFor(4000);
  for (const [failing, reason] of failures) {
    const failed = row(page, failing.name.replace(/\.\w+$/, ""));
    await expect(failed).toContainText("Failed", { timeout: 30_000 });
    await expect(failed).toContainText(reason);
  }
  await expect(row(page, "Settlement")).toContainText("Indexed");
  await expect(row(page, "Old brief")).not.toContainText("Indexed");
});

test("a reader that crashes, and one that never answers (5 minutes), fail their document only", async ({ page }) => {
  await pauseClock(page);
  // The worker's script fails to start: the reader's crash.
  await page.route(/ingest\.worker[^/]*\.js/, (route) => route.fulfill({ contentType: "text/javascript", body: "throw new Error('reader crashed');" }));
  await upload(page, await threePages());
  await page.clock.runFor(1000);
  await expect(row(page, "Settlement")).toContainText("Failed");
  await expect(row(page, "Settlement")).toContainText("The document reader stopped unexpectedly");
  await page.unroute(/ingest\.worker[^/]*\.js/);
  // PDF.js's own worker never arrives: the document waits until its 5 minutes are up.
  await page.route(/pdf\.worker[^/]*\.mjs/, () => undefined);
  await upload(page, { ...(await threePages()), name: "Stalled.pdf" });
  const stalled = row(page, "Stalled");
  await page.clock.runFor(240_000);
  await expect(stalled).toContainText("OCR Processing");
  // The 5 minutes count from when the reader started, a moment after the upload: the clock moves on in steps.
  const reason = "Reading this document took longer than 5 minutes and was stopped.";
  await expect
    .poll(async () => {
      await page.clock.runFor(15_000);
      return stalled.textContent();
    }, { intervals: [100], timeout: 30_000 })
    .toContain(reason);
  await page.unroute(/pdf\.worker[^/]*\.mjs/);
  await upload(page, { ...(await threePages()), name: "Good.pdf" });
  await page.clock.runFor(4000);
  await expect(row(page, "Good")).toContainText("Indexed");
});

test("a read cut off twice (the page left mid-read each time) fails with its reason instead of being resumed on every visit; Re-index reads it", async ({ page }) => {
  await pauseClock(page);
  // The reader's worker never arrives: each read waits until the page is left, as one the tab's crash cuts off. (The
  // samples' reads wait too; a document's reading is recorded before its worker is asked for, so any request will do.)
  const READER = /\/ingest\.worker[^/]*\.js$/;
  await page.route(READER, () => undefined);
  const started = page.waitForRequest(READER);
  await upload(page, await threePages());
  await started;
  await page.clock.runFor(1000);
  const settlement = row(page, "Settlement");
  await expect(settlement).toContainText("OCR Processing");
  // Cut off once: the next visit reads it again.
  const again = page.waitForRequest(READER);
  await reloadPaused(page, "Uploads");
  await again;
  await expect(settlement).toContainText("OCR Processing");
  // Cut off twice: the next visit fails it instead of reading it a third time.
  await reloadPaused(page, "Uploads");
  await expect(settlement).toContainText("Failed");
  await expect(settlement).toContainText("The document reader stopped unexpectedly twice while reading this file.");
  // Its saved record counts the two reads it started, and no third.
  await page.clock.runFor(1000);
  const record = await page.evaluate((key) => localStorage.getItem(key) ?? "", featureKey(ADA.id, "uploads"));
  const saved = (JSON.parse(record) as { data: { title: string; processing: { state: string; reads?: number } }[] }).data.find((u) => u.title === "Settlement");
  expect(saved?.processing).toMatchObject({ state: "failed", reads: 2 });
  await page.unroute(READER);
  await page.getByRole("link", { name: "Files" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
  await card(page, "Settlement").getByRole("button", { name: "Re-index" }).click();
  await page.clock.runFor(3000);
  await expect(card(page, "Settlement")).toContainText("Indexed", READ);
});

test("a page far larger than a canvas: the viewer draws it within the cap on pixels, zoomed to 300%, with its text", async ({ page }) => {
  // 595 by 14,400 points (the largest a PDF page may be): at 300% of the viewer's width, over 60,000 pixels tall.
  await upload(page, file("Scroll.pdf", await textPdf([["A plan of the olive groves of Tala, drawn to scale."]], [595, 14_400])));
  await expect(row(page, "Scroll")).toContainText("Indexed", READ);
  await page.getByRole("link", { name: "Files" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
  await card(page, "Scroll").getByRole("button", { name: "Preview" }).click();
  const viewer = page.getByRole("dialog", { name: "Scroll" });
  await expect(viewer.getByRole("region", { name: "Page 1" })).toContainText("olive groves of Tala", READ);
  // 125%, 150%, 200%, 300%.
  for (let i = 0; i < 4; i += 1) await viewer.getByRole("button", { name: "Zoom in" }).click();
  await expect(viewer.getByText("300%")).toBeVisible();
  const canvas = viewer.locator("canvas");
  // Drawn at 300% of the width (CSS pixels), with fewer device pixels than that would take.
  await expect.poll(async () => (await canvas.boundingBox())?.height ?? 0).toBeGreaterThan(60_000);
  const drawn = () => canvas.evaluate((c: HTMLCanvasElement) => ({ pixels: c.width * c.height, side: Math.max(c.width, c.height) }));
  await expect.poll(async () => (await drawn()).pixels).toBeGreaterThan(MAX_CANVAS_PIXELS * 0.9);
  expect((await drawn()).pixels).toBeLessThanOrEqual(MAX_CANVAS_PIXELS);
  expect((await drawn()).side).toBeLessThanOrEqual(32_767);
  await expect(viewer.getByRole("region", { name: "Page 1" })).toContainText("olive groves of Tala", READ);
});

test.describe("the workers' own policy", () => {
  // The page opens after the listener is on: the samples' reading (and the search worker) starts with it.
  test.use({ workspaceScreen: null });

  test("the reader's, the search index's and PDF.js's workers are served with a policy of their own (this site only, no eval), and every kind of document still reads: each sample file, uploaded, reads to the very pages that came with the site", async ({ page, context }) => {
    test.setTimeout(120_000);
    const workers: Response[] = [];
    page.on("response", (response) => void (/\/_astro\/(workers\/|pdf\.worker)/.test(new URL(response.url()).pathname) && workers.push(response)));
    await signInAs(context, ADA);
    await installClock(page);
    await openDash(page, "/dash/uploads", "Uploads");
    await pauseClock(page);
    // The six sample files, uploaded as a user would: PDFs, DOCX, a TXT and a scan (the OCR worker started inside the
    // reader's worker), each read in the browser by the reader, under the workers' policy. Their 4 s floors are run
    // on the page's clock; the reading itself takes real time.
    const fileNames = sampleUploads().map((sample) => sample.sample?.replace(/^.*\//, "") ?? "");
    for (const [i, sample] of sampleUploads().entries()) {
      const bytes = readFileSync(new URL(`../../public${sample.sample ?? ""}`, import.meta.url));
      await upload(page, file(fileNames[i] ?? "", bytes, { pdf: "application/pdf", txt: "text/plain", docx: DOCX_TYPE, doc: "application/msword" }[sample.kind]));
    }
    await page.clock.runFor(4000);
    for (const name of fileNames) await expect(row(page, name.replace(/\.\w+$/, ""))).toContainText("Indexed", { timeout: 60_000 });
    // What the browser's reader read is, page for page, what a new workspace takes from public/samples/pages.json.
    const shipped = JSON.parse(readFileSync(new URL(`../../public${SAMPLE_PAGES_PATH}`, import.meta.url), "utf8")) as Record<string, { pages: unknown[] }>;
    const read = await storedPagesByFile(page);
    for (const sample of sampleUploads()) expect(read[sample.sample?.replace(/^.*\//, "") ?? ""], sample.title).toEqual(shipped[sample.sample ?? ""]?.pages);
    await page.getByRole("link", { name: "Files" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
    const pdf = sampleUploads().find((sample) => sample.kind === "pdf");
    await card(page, pdf?.title ?? "").getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("dialog", { name: pdf?.title ?? "" }).getByText(/^Page 1 of \d+$/)).toBeVisible();
    const names = () => [...new Set(workers.map((r) => /\/(ingest\.worker|search\.worker|pdf\.worker)/.exec(r.url())?.[1]))].sort();
    await expect.poll(names).toEqual(["ingest.worker", "pdf.worker", "search.worker"]);
    for (const response of workers) expect((await response.allHeaders())["content-security-policy"], response.url()).toBe(WORKER_CSP);
    expect(WORKER_CSP).toMatch(/^default-src 'self'; .*connect-src 'self'/);
    expect(WORKER_CSP).not.toMatch(/unsafe-eval|wasm-unsafe-eval/);
  });

  test("a worker that breaks its own policy is reported: recordViolations hears a worker, not only the document", async ({ page }) => {
    // A page that may start workers, and a worker under the workers' policy that asks another host, both served here.
    await page.route("**/csp-probe", (route) => route.fulfill({ contentType: "text/html", headers: { "content-security-policy": "worker-src 'self'" }, body: "<!doctype html><title>Probe</title>" }));
    await page.route("**/csp-probe.js", (route) =>
      route.fulfill({ contentType: "text/javascript", headers: { "content-security-policy": WORKER_CSP }, body: 'fetch("http://127.0.0.1:9/").catch(() => postMessage("refused"));' }),
    );
    const violations = await recordViolations(page);
    await page.goto("/csp-probe");
    const answer = await page.evaluate(() => new Promise((resolve) => (new Worker("/csp-probe.js").onmessage = (event) => resolve(event.data))));
    expect(answer).toBe("refused");
    await expect.poll(violations).toEqual([expect.stringMatching(/^worker http:\/\/127\.0\.0\.1:\d+\/csp-probe\.js: Connecting to 'http:\/\/127\.0\.0\.1:9\/' violates .*"connect-src 'self'"/)]);
  });
});

test("a second user in this browser sees none of the first user's documents; delete removes one for good", async ({ page, context, browser }) => {
  await upload(page, await threePages());
  await expect(row(page, "Settlement")).toContainText("Indexed", READ);

  // Grace signs in to the same browser profile (its localStorage and IndexedDB), after Ada.
  const graceContext = await browser.newContext({ ...workspaceContext, storageState: await context.storageState({ indexedDB: true }) });
  await signInAs(graceContext, GRACE);
  const gracePage = await graceContext.newPage();
  await openDash(gracePage, "/dash/files", "Files");
  // Ada's database is in this browser, or Grace not seeing its document would prove nothing.
  const databases = await gracePage.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ""));
  expect(databases).toContain(`paphos-documents/${encodeURIComponent(ADA.id)}`);
  await expect(gracePage.getByRole("heading", { level: 2, name: "Settlement" })).toHaveCount(0);
  await openDash(gracePage, "/dash/uploads", "Uploads");
  await expect(gracePage.getByText("No uploads yet")).toBeVisible();
  await graceContext.close();

  await page.getByRole("link", { name: "Files" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
  const settlement = card(page, "Settlement");
  await settlement.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete Settlement?" }).getByRole("button", { name: "Delete Document" }).click();
  await expect(settlement).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible({ timeout: 15_000 });
  await expect(card(page, "Settlement")).toHaveCount(0);
  const sampleIds = sampleUploads().map((u) => u.id);
  const summary = async (leaveBehind = false) => {
    const { files, pages } = await adaDocuments(page, leaveBehind);
    const names = files.map((f) => f.name);
    // The samples' pages are kept without their files (those come with the site, fetched only to be viewed).
    const known = (id: string) => files.some((f) => f.id === id) || sampleIds.includes(id);
    return {
      samples: pages.some((p) => sampleIds.includes(p.docId)),
      settlement: names.includes("Settlement.pdf"),
      leftover: names.includes("Leftover.pdf"),
      orphanPages: pages.filter((p) => !known(p.docId)).length,
    };
  };
  // The samples stay; nothing of the Settlement is left, not even a page.
  await expect.poll(summary).toEqual({ samples: true, settlement: false, leftover: false, orphanPages: 0 });

  // A delete cut off by closing the page (the record gone, its bytes and pages still kept) is finished on the next visit.
  expect(await summary(true)).toEqual({ samples: true, settlement: false, leftover: true, orphanPages: 1 });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible({ timeout: 15_000 });
  await expect.poll(summary).toEqual({ samples: true, settlement: false, leftover: false, orphanPages: 0 });

  // But when the stored uploads cannot be read (set aside, the samples restored), the files they listed are the user's
  // own, not leftovers: nothing is pruned.
  expect(await summary(true)).toEqual({ samples: true, settlement: false, leftover: true, orphanPages: 1 });
  // Spoilt while no workspace page is open: an open one saves what it holds over it (the samples are still being read
  // in the background, and leaving writes what waits), as it should.
  await page.goto("/");
  await page.evaluate((key) => localStorage.setItem(key, "{not json"), `paphos-ai:dash:${ADA.id}:uploads`);
  await openDash(page, "/dash/files", "Files");
  await expect(page.getByText("Some saved data could not be read")).toBeVisible();
  // Reading a sample from the database comes after anything the opening did there.
  await card(page, "Construction Services Agreement, Kato Paphos Residences").getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("dialog", { name: "Construction Services Agreement, Kato Paphos Residences" }).getByText("Page 1 of 3")).toBeVisible();
  expect(await summary()).toEqual({ samples: true, settlement: false, leftover: true, orphanPages: 1 });
});

test.describe("deleting a case asks what happens to its documents", () => {
  test.use({ workspaceScreen: { path: "/dash/cases", heading: "Cases" } });

  test("kept: they stay in Files under the case's name", async ({ page }) => {
    await card(page, KYPRIANOU).getByRole("button", { name: `Delete ${KYPRIANOU}` }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this case?" });
    await expect(dialog).toContainText("What happens to its document?");
    await expect(dialog.getByRole("radio", { name: "Keep them in Files, still filed under this case's name" })).toBeChecked();
    await expectNoAxeViolations(page, "delete case with documents: ");
    await dialog.getByRole("button", { name: "Delete Case" }).click();
    await expect(card(page, KYPRIANOU)).toHaveCount(0);
    await page.getByRole("link", { name: "Files" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
    await expect(card(page, MEMO)).toContainText(KYPRIANOU);
  });

  test("deleted: its filed documents and its uploads go with it", async ({ page }) => {
    await page.getByRole("link", { name: "Uploads" }).click();
    await upload(page, await threePages());
    await expect(row(page, "Settlement")).toContainText("Indexed", READ);
    await page.getByRole("link", { name: "Cases" }).click();
    await card(page, KYPRIANOU).getByRole("button", { name: `Delete ${KYPRIANOU}` }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this case?" });
    await expect(dialog).toContainText("What happens to its 2 documents?");
    await dialog.getByRole("radio", { name: "Delete them too: their files, text and records" }).check();
    await dialog.getByRole("button", { name: "Delete Case" }).click();
    await page.getByRole("link", { name: "Files" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: MEMO })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 2, name: "Settlement" })).toHaveCount(0);
  });
});

test("Settings shows how much this browser holds for the workspace and how much room is left", async ({ page }) => {
  // A 1 MB text stored in the workspace, its bytes and its text: the figure must count both, so at least 2.0 MB.
  // Random words, because IndexedDB compresses what it stores: a megabyte of spaces takes almost nothing.
  const words = (randomBytes(MB / 2).toString("hex").match(/.{1,15}/g) ?? []).join(" ").slice(0, MB);
  await upload(page, file("Notes.txt", Buffer.from(words), "text/plain"));
  await expect(row(page, "Notes")).toContainText("Indexed", READ);
  await page.getByRole("link", { name: "Settings" }).click();
  const storage = page.getByRole("region", { name: "Storage in this browser" });
  const line = /This browser holds (\d+\.\d) (MB|GB) for the workspace; \d+\.\d (MB|GB) more is available\./;
  await expect(storage).toContainText(line);
  const [, held = "0", unit] = line.exec((await storage.textContent()) ?? "") ?? [];
  expect(Number(held) * (unit === "GB" ? 1024 : 1), "megabytes held").toBeGreaterThanOrEqual(2);
});
