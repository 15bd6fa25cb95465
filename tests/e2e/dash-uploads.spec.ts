import type { Page } from "@playwright/test";
import { expect, onScreen, test } from "./fixtures/workspaceTest";
import { expectNoAxeViolations } from "./fixtures/axe";
import { READ, card, pauseClock, reloadPaused, tinyPdf } from "./fixtures/workspace";
import { DOCUMENTS_DB_PREFIX } from "../../src/lib/documents/dbName";

test.use(onScreen("/dash/uploads", "Uploads"));
// Axe scans of the workspace with a dialog open take several seconds each on a shared machine.
test.describe.configure({ timeout: 60_000 });

const KYPRIANOU = "Kyprianou v. Limassol Marine Services";
const pdf = { name: "Witness Statement.pdf", mimeType: "application/pdf", buffer: tinyPdf("Witness statement of Mr Ioannou") };

const upload = (page: Page, title: string) => page.getByRole("listitem", { name: title });

/** The names of the files this browser keeps in its documents databases (DOCUMENTS_DB_PREFIX). */
const storedFileNames = (page: Page): Promise<string[]> =>
  page.evaluate(async (prefix) => {
    const names: string[] = [];
    for (const { name } of await indexedDB.databases()) {
      if (!name?.startsWith(prefix)) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(new Error("open"));
      });
      if (db.objectStoreNames.contains("files")) {
        const files = await new Promise<{ name: string }[]>((resolve) => {
          const request = db.transaction("files").objectStore("files").getAll();
          request.onsuccess = () => resolve(request.result as { name: string }[]);
        });
        names.push(...files.map((file) => file.name));
      }
      db.close();
    }
    return names;
  }, DOCUMENTS_DB_PREFIX);

/** Drops a file built in the page on the drop zone, as a drag from the desktop would. */
async function dropFile(page: Page, name: string, type: string, bytes: number[] | { size: number }) {
  const dataTransfer = await page.evaluateHandle(
    ([fileName, fileType, content]) => {
      const body = Array.isArray(content) ? new Uint8Array(content) : new ArrayBuffer(content.size);
      const transfer = new DataTransfer();
      transfer.items.add(new File([body], fileName, { type: fileType }));
      return transfer;
    },
    [name, type, bytes] as const,
  );
  const zone = page.getByRole("region", { name: "Upload a document" });
  for (const event of ["dragenter", "dragover", "drop"]) await zone.dispatchEvent(event, { dataTransfer });
}

// One visit of the empty screen, a step per behaviour (each was a test with a workspace of its own).
test("the empty screen: drop zone, keyboard-reachable Choose File, the hint, 'No uploads yet', axe; a .exe and a file over 50 MB are refused with a message; Cancel clears the chosen file", async ({ page }) => {
  await test.step("the empty screen: drop zone, keyboard-reachable Choose File, the hint, 'No uploads yet'; axe", async () => {
    await expect(page.getByText("up to 50MB, PDF/DOC/DOCX/TXT")).toBeVisible();
    await expect(page.getByText("No uploads yet")).toBeVisible();
    const choose = page.getByLabel("Choose File");
    await expect(choose).toHaveAttribute("accept", ".pdf,.doc,.docx,.txt");
    await page.getByRole("link", { name: "Settings" }).focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(choose).toBeFocused();
    await expectNoAxeViolations(page, "uploads: ");
  });
  await test.step("a .exe and a file over 50 MB are refused with a message; Cancel clears the chosen file", async () => {
    await page.getByLabel("Choose File").setInputFiles({ name: "setup.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") });
    await expect(page.getByRole("alert").filter({ hasText: "setup.exe" })).toHaveText(
      '"setup.exe" is not a file type the upload accepts. Choose a PDF, DOC, DOCX or TXT file.',
    );
    await expect(page.getByRole("form", { name: "Document details" })).toHaveCount(0);
    await dropFile(page, "scan.pdf", "application/pdf", { size: 50 * 1048576 + 1 });
    await expect(page.getByRole("alert").filter({ hasText: "scan.pdf" })).toHaveText('"scan.pdf" is 50.0 MB; files can be up to 50 MB.');
    await expect(page.getByRole("form", { name: "Document details" })).toHaveCount(0);
    await page.getByLabel("Choose File").setInputFiles(pdf);
    await expect(page.getByRole("alert").filter({ hasText: "scan.pdf" })).toHaveCount(0);
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("form", { name: "Document details" })).toHaveCount(0);
    await expect(page.getByText("No uploads yet")).toBeVisible();
  });
});

test("a real PDF through the file input: Queued -> OCR Processing -> Indexed, then in Files under its case, the count raised", async ({ page }) => {
  await page.getByRole("link", { name: "Cases" }).click();
  await expect(card(page, KYPRIANOU)).toContainText("Documents1");
  await page.getByRole("link", { name: "Uploads" }).click();

  await page.getByLabel("Choose File").setInputFiles(pdf);
  const panel = page.getByRole("form", { name: "Document details" });
  await expect(panel).toContainText("Witness Statement.pdf");
  await expect(panel).toContainText(`${(pdf.buffer.length / 1048576).toFixed(1)} MB`);
  await expect(panel.getByLabel("Document Title")).toHaveValue("Witness Statement");
  await expect(panel.getByLabel("Target Case")).toHaveValue("");
  await expect(panel.getByLabel("Target Case").locator("option").first()).toHaveText("Select a case...");
  const send = panel.getByRole("button", { name: "Upload Document" });
  await expect(send).toBeDisabled();
  await expectNoAxeViolations(page, "upload panel: ");
  await pauseClock(page);
  await panel.getByLabel("Target Case").selectOption({ label: KYPRIANOU });
  await panel.getByLabel("Document Title").fill("Witness statement of Mr Ioannou");
  await send.click();
  await expect(panel).toBeHidden();

  const row = upload(page, "Witness statement of Mr Ioannou");
  await expect(row).toContainText("Queued");
  await expect(row).toContainText(KYPRIANOU);
  await page.clock.runFor(999);
  await expect(row).toContainText("Queued");
  await page.clock.runFor(1);
  await expect(row).toContainText("OCR Processing");
  await page.clock.runFor(2999);
  await expect(row).toContainText("OCR Processing");
  await page.clock.runFor(1);
  // The clock stands at 4 s: only the real reading can keep Indexed back now.
  await expect(row).toContainText("Indexed", READ);

  await page.getByRole("link", { name: "Files" }).click();
  await page.getByRole("searchbox", { name: "Search files by title or case" }).fill("Kyprianou");
  const file = card(page, "Witness statement of Mr Ioannou");
  await expect(file).toContainText(KYPRIANOU);
  await expect(file).toContainText("Indexed");
  await expect(file).toContainText("Pages1");
  await file.getByRole("button", { name: "Preview" }).click();
  const viewer = page.getByRole("dialog", { name: "Witness statement of Mr Ioannou" });
  await expect(viewer.getByText("Page 1 of 1")).toBeVisible();
  await expect(viewer.getByRole("region", { name: "Page 1" })).toContainText("Witness statement of Mr Ioannou");
  await expect(viewer.locator("iframe")).toHaveCount(0);
  await page.keyboard.press("Escape");

  await page.getByRole("link", { name: "Cases" }).click();
  await expect(card(page, KYPRIANOU)).toContainText("Documents2");
});

test("a PDF by drag and drop and a text file by the input; sizes in MB; newest first; the text previewed in Files", async ({ page }) => {
  await pauseClock(page);
  await dropFile(page, "Lease Kato Paphos.pdf", "application/pdf", [...tinyPdf("Lease of the flat in Kato Paphos")]);
  await expect(page.getByLabel("Document Title")).toHaveValue("Lease Kato Paphos");
  await page.getByLabel("Target Case").selectOption({ label: KYPRIANOU });
  await page.getByRole("button", { name: "Upload Document" }).click();
  await page.clock.runFor(500);
  const notes = Buffer.from("Meeting notes: Mr Kyprianou confirms the termination letter of 3 February.\n");
  const buffer = Buffer.concat([notes, Buffer.alloc(1.5 * 1048576 - notes.length, " ")]);
  await page.getByLabel("Choose File").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer });
  await expect(page.getByRole("form", { name: "Document details" })).toContainText("1.5 MB");
  await page.getByLabel("Target Case").selectOption({ label: KYPRIANOU });
  await page.getByRole("button", { name: "Upload Document" }).click();
  await expect(page.getByRole("main").getByRole("listitem")).toHaveText([/^notes/, /^Lease Kato Paphos/]);
  await expect(upload(page, "notes")).toContainText("1.5 MB");
  await page.clock.runFor(4000);
  await expect(upload(page, "Lease Kato Paphos")).toContainText("Indexed");
  await expect(upload(page, "notes")).toContainText("Indexed");

  await page.getByRole("link", { name: "Files" }).click();
  await card(page, "notes").getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("dialog", { name: "notes" });
  // Text is shown as text, page by page, never as a document in a frame.
  await expect(preview.getByRole("region", { name: "Page 1" })).toHaveText(/^Meeting notes: Mr Kyprianou confirms the termination letter of 3 February\.$/);
  await expect(preview.locator("iframe")).toHaveCount(0);
});

test("an upload in flight at a reload continues from its timestamp", async ({ page }) => {
  await pauseClock(page);
  await page.getByLabel("Choose File").setInputFiles(pdf);
  await page.getByLabel("Target Case").selectOption({ label: KYPRIANOU });
  await page.getByRole("button", { name: "Upload Document" }).click();
  await page.clock.runFor(1500);
  await expect(upload(page, "Witness Statement")).toContainText("OCR Processing");
  // The reload comes once this browser has the file's bytes (an upload whose bytes a reload cut off fails, saying so:
  // on a loaded machine the write can still be under way when the status, which follows the clock, says OCR).
  await expect.poll(() => storedFileNames(page), READ).toContain(pdf.name);
  await reloadPaused(page, "Uploads");
  await expect(upload(page, "Witness Statement")).toContainText("OCR Processing");
  await page.clock.runFor(2500);
  await expect(upload(page, "Witness Statement")).toContainText("Indexed");
});
