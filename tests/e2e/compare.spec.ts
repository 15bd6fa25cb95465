import { readFile } from "node:fs/promises";
import JSZip from "jszip";
import { textPages } from "../../src/lib/documents/text";
import { scriptedV2 } from "../fixtures/comparePair";
import { expectNoAxeViolations } from "./fixtures/axe";
import { uploadDocument } from "./fixtures/cuad";
import { answers, ask, questions } from "./fixtures/chat";
import { card, expectChatWithChip, pauseClock } from "./fixtures/workspace";
import { expect, onScreen, test } from "./fixtures/workspaceTest";

// Compare two versions (issue 45), bare build: a CUAD contract (CC BY 4.0, The Atticus Project) and a v2 made by the
// scripted edits of tests/fixtures/scriptedEdits.ts (governing law New York → Delaware, clause 10.7 deleted, 10.11A
// inserted, 10.8 moved and renumbered 10.12A, white space doubled in 10.13), uploaded as TXT and compared.
test.use(onScreen("/dash/uploads", "Uploads"));
// Uploading and reading two contracts, on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });

const KYPRIANOU = "Kyprianou v. Limassol Marine Services";
const V1 = "Smaaash franchise agreement";
const V2 = "Smaaash franchise agreement v2";
const { v1, v2 } = scriptedV2();
/** The page (1-based) of a text whose words start with `start`. */
const pageOf = (text: string, start: string) => textPages(text).findIndex((page) => page.includes(start)) + 1;
const LAW_PAGE_A = pageOf(v1, "10.5 Governing Law.");
const LAW_PAGE_B = pageOf(v2, "10.5 Governing Law.");

test("a contract and its scripted v2: the change list and its counts, n and p, the viewer at the clause, the redline, questions, axe and 390 px", async ({ page }) => {
  const scripts = new Set<string>();
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.endsWith(".js")) scripts.add(response.url());
  });
  /** Whether a script this page loaded so far holds the DOCX writer (its tracked deletions' element). */
  const docxLoaded = async () => {
    for (const url of scripts) if ((await (await page.request.get(url)).text()).includes("w:delText")) return true;
    return false;
  };
  await uploadDocument(page, { name: `${V1}.txt`, mimeType: "text/plain", buffer: Buffer.from(v1) }, KYPRIANOU, V1);
  await uploadDocument(page, { name: `${V2}.txt`, mimeType: "text/plain", buffer: Buffer.from(v2) }, KYPRIANOU, V2);

  await test.step("Files: Compare with… picks the v2 and opens the comparison", async () => {
    await page.getByRole("link", { name: "Files" }).click();
    // Recent Uploads has the same card with the same button: Files must be on screen first.
    await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
    await card(page, V1).getByRole("button", { name: "Compare with…" }).click();
    const dialog = page.getByRole("dialog", { name: `Compare ${V1} with…` });
    await dialog.getByLabel("Newer version").selectOption({ label: `${V2} (${KYPRIANOU})` });
    await dialog.getByRole("button", { name: "Compare" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Compare versions" })).toBeVisible();
  });

  const changes = page.getByRole("list", { name: "Changes" }).getByRole("listitem");
  await test.step("the change list: 2 clauses changed, 1 added, 1 removed, 1 moved; the filter hides the white-space one", async () => {
    await expect(page.getByRole("heading", { level: 2, name: "2 clauses changed, 1 added, 1 removed, 1 moved" })).toBeVisible({ timeout: 30_000 });
    await expect(changes).toHaveCount(5);
    await page.getByLabel("Substantive changes only").check();
    await expect(page.getByRole("heading", { level: 2, name: "1 clause changed, 1 added, 1 removed, 1 moved" })).toBeVisible();
    await expect(changes).toHaveCount(4);
    await page.getByLabel("Substantive changes only").uncheck();
  });

  await test.step("the word changes are marked inserted and deleted, for the eye and for a screen reader", async () => {
    const law = page.getByRole("list", { name: "Changes" }).getByRole("listitem", { name: /Changed 10\.5 Governing Law$/ });
    await expect(law.locator("del")).toHaveText("[deleted: New York]");
    await expect(law.locator("ins")).toHaveText("[inserted: Delaware]");
    await expect(law.locator("del")).toHaveCSS("text-decoration-line", "line-through");
    await expect(law.locator("ins")).toHaveCSS("text-decoration-line", "underline");
  });

  await test.step("n and p step through the changes, as Next and Previous do", async () => {
    const current = page.locator('[aria-current="true"]');
    await expect(current).toContainText("1 of 5");
    await page.keyboard.press("n");
    await expect(current).toContainText("2 of 5");
    await page.keyboard.press("n");
    await expect(current).toContainText("3 of 5");
    await page.keyboard.press("p");
    await expect(current).toContainText("2 of 5");
    await page.getByRole("button", { name: "Previous change" }).click();
    await expect(current).toContainText("1 of 5");
    await expect(page.getByRole("button", { name: "Previous change" })).toBeDisabled();
  });

  await test.step("a change opens the viewer at its page in either version, the clause highlighted", async () => {
    const law = page.getByRole("list", { name: "Changes" }).getByRole("listitem", { name: /Changed 10\.5 Governing Law$/ });
    await law.getByRole("button", { name: `Open A at p. ${String(LAW_PAGE_A)}` }).click();
    const viewerA = page.getByRole("dialog", { name: V1 });
    await expect(viewerA.getByText(`Page ${String(LAW_PAGE_A)} of`)).toBeVisible();
    await expect(viewerA.locator("mark")).toContainText("10.5 Governing Law. (a) The parties hereto");
    await expect(viewerA.locator("mark")).toContainText("State of New York");
    await page.keyboard.press("Escape");
    await law.getByRole("button", { name: `Open B at p. ${String(LAW_PAGE_B)}` }).click();
    await expect(page.getByRole("dialog", { name: V2 }).locator("mark")).toContainText("State of Delaware");
    await page.keyboard.press("Escape");
  });

  await test.step("axe is clean on the comparison and its export menu", async () => {
    await expectNoAxeViolations(page, "comparison: ");
    await page.getByRole("button", { name: "Export" }).click();
    await expect(page.getByRole("menu", { name: "Export" })).toBeVisible();
    await expectNoAxeViolations(page, "export menu: ");
  });

  await test.step("Export gives a DOCX whose tracked changes are the edits; the DOCX writer loads only then", async () => {
    expect(await docxLoaded()).toBe(false);
    const download = page.waitForEvent("download");
    await page.getByRole("menuitem", { name: "Redline, Word (.docx)" }).click();
    const file = await download;
    expect(await docxLoaded()).toBe(true);
    expect(file.suggestedFilename()).toBe("smaaash-franchise-agreement-v2-redline.docx");
    const zip = await JSZip.loadAsync(await readFile((await file.path()) as string));
    const xml = (await zip.file("word/document.xml")?.async("string")) ?? "";
    const text = (tag: string) => [...xml.matchAll(new RegExp(`<w:${tag} [^>]*>[\\s\\S]*?</w:${tag}>`, "g"))].map(([m]) => m.replace(/<[^>]+>/g, "").replace(/&quot;/g, '"').replace(/&amp;/g, "&"));
    const inserted = text("ins");
    const deleted = text("del");
    expect(inserted).toContain("Delaware");
    expect(deleted).toContain("New York");
    expect(deleted.filter((t) => t.startsWith("10.7 Force Majeure."))).toHaveLength(1);
    expect(inserted.filter((t) => t.startsWith("10.11A Data Protection."))).toHaveLength(1);
    expect(deleted.filter((t) => t.startsWith("10.8 No Joint Venture."))).toHaveLength(1);
    expect(inserted.filter((t) => t.startsWith("10.12A No Joint Venture."))).toHaveLength(1);
    expect(xml).toMatch(/<w:ins [^>]*w:author="[^"]+"[^>]*w:date="\d{4}-\d\d-\d\dT/);
  });

  await test.step("390 px: one column, with a switch between the versions", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const law = page.getByRole("list", { name: "Changes" }).getByRole("listitem", { name: /Changed 10\.5 Governing Law$/ });
    await expect(law.getByRole("region", { name: "Version B" })).toBeVisible();
    await expect(law.getByRole("region", { name: "Version A" })).toBeHidden();
    await page.getByRole("radio", { name: "Version A" }).check();
    await expect(law.getByRole("region", { name: "Version A" })).toBeVisible();
    await expect(law.getByRole("region", { name: "Version B" })).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  await test.step("Ask about these changes opens a chat with both versions attached; the reply at 2 s quotes the governing-law change from both", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("button", { name: "Ask about these changes" }).click();
    await expectChatWithChip(page, V2);
    await expect(page.getByRole("button", { name: `Remove ${V1}`, exact: true })).toBeVisible();
    await expectNoAxeViolations(page, "chat opened from a comparison: ");
    await pauseClock(page);
    await ask(page, "Which governing law applies now?");
    await expect(questions(page).last()).toContainText(V2);
    await page.clock.runFor(1999);
    await expect(answers(page)).toHaveCount(0);
    await page.clock.runFor(1);
    const quote = `Governing Law: 'State of New York' → 'State of Delaware', clause 10.5, p. ${String(LAW_PAGE_A)} / p. ${String(LAW_PAGE_B)}`;
    await expect(answers(page).last()).toContainText(quote);
    await expect(answers(page).last()).not.toContainText("Force Majeure");
    // The next question of that chat is about the same two versions.
    await ask(page, "Was force majeure removed?");
    await page.clock.runFor(2000);
    await expect(answers(page).last()).toContainText("Force Majeure: removed, '10.7 Force Majeure.");
    await page.clock.resume();
    await expectNoAxeViolations(page, "chat's answer about the changes: ");
  });
});

test("Upload a new version: the scripted v2 uploaded from the contract's card is its v2, and Compare with v1 opens with the right counts", async ({ page }) => {
  await uploadDocument(page, { name: `${V1}.txt`, mimeType: "text/plain", buffer: Buffer.from(v1) }, KYPRIANOU, V1);

  await test.step("Files: the contract's card has no version yet; Upload a new version opens Uploads for its v2, in its case", async () => {
    await page.getByRole("link", { name: "Files" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
    await expect(card(page, V1)).toContainText("Indexed");
    await expect(card(page, V1).getByText(/^v\d+$/)).toHaveCount(0);
    await card(page, V1).getByRole("link", { name: "Upload a new version" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Uploads" })).toBeVisible();
    await expect(page.getByText(`The next file is uploaded as v2 of ${V1}.`)).toBeVisible();
    await expectNoAxeViolations(page, "uploads, new version: ");
  });

  await test.step("the v2 is read like any upload, and both versions are numbered in Uploads", async () => {
    await page.getByLabel("Choose File").setInputFiles({ name: `${V2}.txt`, mimeType: "text/plain", buffer: Buffer.from(v2) });
    await expect(page.getByLabel("Target Case").locator("option:checked")).toHaveText(KYPRIANOU);
    await page.getByRole("button", { name: "Upload Document" }).click();
    const recent = (title: string) => page.getByRole("main").getByRole("listitem", { name: title, exact: true });
    await expect(recent(V2)).toContainText("Indexed", { timeout: 60_000 });
    await expect(page.getByText(`The next file is uploaded as`)).toHaveCount(0);
    await expect(recent(V2).getByText("v2", { exact: true })).toBeVisible();
    await expect(recent(V1).getByText("v1", { exact: true })).toBeVisible();
    // Compare with… is in Uploads too.
    await recent(V1).getByRole("button", { name: "Compare with…" }).click();
    await expect(page.getByRole("dialog", { name: `Compare ${V1} with…` }).getByLabel("Newer version")).toContainText(V2);
    await page.keyboard.press("Escape");
    await expect(recent(V2).getByRole("link", { name: "Compare with v1" })).toBeVisible();
  });

  await test.step("Files: v1 and v2 on the cards; Compare with v1 on the v2 opens the comparison of the two, with its counts", async () => {
    await page.getByRole("link", { name: "Files" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
    await expect(card(page, V1).getByText("v1", { exact: true })).toBeVisible();
    await expect(card(page, V2).getByText("v2", { exact: true })).toBeVisible();
    await expect(card(page, V1).getByRole("link", { name: "Compare with v1" })).toHaveCount(0);
    const id = async (title: string) => ((await card(page, title).getByRole("heading", { level: 2 }).getAttribute("id")) ?? "").replace(/^file-/, "");
    const [a, b] = [await id(V1), await id(V2)];
    await card(page, V2).getByRole("link", { name: "Compare with v1" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Compare versions" })).toBeVisible();
    expect(new URL(page.url()).searchParams.get("a")).toBe(a);
    expect(new URL(page.url()).searchParams.get("b")).toBe(b);
    await expect(page.getByRole("heading", { level: 2, name: "2 clauses changed, 1 added, 1 removed, 1 moved" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("list", { name: "Changes" }).getByRole("listitem")).toHaveCount(5);
  });
});

test("two unrelated documents are said to share few clauses, not listed as a wall of changes; a scanned one is said to be compared on its OCR text", async ({ page }) => {
  await page.getByRole("link", { name: "Files" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
  // The sample scan is read by OCR (the sample documents' last, so its wait is the longest).
  const titles = ["Notice of Defects, Apartment 12 (scanned)", "Internal Memo: Motion to Dismiss Template"];
  const ids: string[] = [];
  for (const title of titles) {
    await expect(card(page, title)).toContainText("Indexed", { timeout: 30_000 });
    ids.push(((await card(page, title).getByRole("heading", { level: 2 }).getAttribute("id")) ?? "").replace(/^file-/, ""));
  }
  await page.goto(`/dash/compare?a=${ids[0] ?? ""}&b=${ids[1] ?? ""}`);
  await expect(page.getByRole("alert")).toHaveText(/^These two documents share few clauses/, { timeout: 30_000 });
  await expect(page.getByRole("list", { name: "Changes" })).toHaveCount(0);
  await expect(page.getByText("Version A was scanned: it is compared on its recognised (OCR) text, which may misread some words.", { exact: true })).toBeVisible();
  await expect(page.getByText(/^Version B was scanned/)).toHaveCount(0);
});

test("no compare or docx code is loaded on / or on the other workspace screens", async ({ page }) => {
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.endsWith(".js")) scripts.push(response.url());
  });
  for (const [path, heading] of [
    ["/", /./],
    ["/dash/files", "Files"],
    ["/dash/uploads", "Uploads"],
    ["/dash/review", "Review"],
    ["/dash/cases", "Cases"],
    ["/dash/knowledge", "Knowledge Base"],
    ["/dash/settings", "Settings"],
    ["/dash/chat", "Chat"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
  await page.getByRole("link", { name: "Files" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  for (const url of new Set(scripts)) {
    const body = await (await page.request.get(url)).text();
    expect(body, url).not.toContain("w:delText");
    expect(body, url).not.toContain("share few clauses");
  }
});
