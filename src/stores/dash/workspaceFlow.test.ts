import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sampleCases } from "../../lib/dash/samples/cases";
import { createClock } from "../../lib/dash/clock";
import { uploadHrefFor } from "../../lib/dash/cases";
import { createCaseCards } from "./caseCards";
import { createCasesStore } from "./cases";
import { createFilesStore } from "./files";
import { createKnowledgeStore } from "./knowledge";
import { createPreferencesStore } from "./preferences";
import { createUploadsStore } from "./uploads";

const T0 = Date.parse("2025-03-14T10:00:00.000Z");

/** The five stores wired together as the app wires them, over a fake clock. */
function workspace() {
  const clock = createClock();
  let n = 0;
  const newId = () => `id-${String((n += 1))}`;
  const now = () => new Date(clock.now());
  const cases = createCasesStore({ now, newId });
  const uploads = createUploadsStore({ clock, newId, caseTitle: cases.caseTitle, caseIds: () => cases.$cases.get() });
  const files = createFilesStore({ clock, $uploads: uploads.$uploads });
  const cards = createCaseCards(cases.$matching, files.$documents);
  const knowledge = createKnowledgeStore({ now, newId });
  return { clock, cases, uploads, files, cards, knowledge };
}

const pdf = (name = "Witness Statement.pdf", size = 2048) =>
  new File(["%PDF-1.4 << /Type /Page >> << /Type /Page >>".padEnd(size, " ")], name, { type: "application/pdf" });

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe("uploads", () => {
  it("prefills the title, refuses a wrong type or size with a message, and needs a file and a case", () => {
    const { uploads } = workspace();
    uploads.chooseFile(new File(["x"], "setup.exe"));
    expect(uploads.$form.get()).toMatchObject({ file: null, error: expect.stringMatching(/PDF, DOC, DOCX or TXT/) });
    const big = pdf("big.pdf");
    Object.defineProperty(big, "size", { value: 50 * 1024 * 1024 + 1 });
    uploads.chooseFile(big);
    expect(uploads.$form.get().error).toMatch(/up to 50 MB/);
    uploads.chooseFile(pdf());
    expect(uploads.$form.get()).toMatchObject({ title: "Witness Statement", error: null });
    expect(uploads.$canUpload.get()).toBe(false);
    uploads.setCase(sampleCases[0]!.id);
    expect(uploads.$canUpload.get()).toBe(true);
    uploads.cancel();
    expect(uploads.$form.get()).toMatchObject({ file: null, title: "", caseId: sampleCases[0]!.id });
  });

  it("moves Queued -> OCR Processing at 1000 ms -> Indexed at 4000 ms, newest first", async () => {
    const { uploads } = workspace();
    uploads.chooseFile(pdf());
    uploads.setCase(sampleCases[1]!.id);
    uploads.setTitle("Witness statement of Mr Ioannou");
    const upload = await uploads.submit();
    expect(upload).toMatchObject({ title: "Witness statement of Mr Ioannou", caseTitle: sampleCases[1]!.title, pages: 2, sizeBytes: 2048 });
    expect(uploads.$form.get().file).toBeNull();
    expect(uploads.sessionFile(upload!.id)?.name).toBe("Witness Statement.pdf");
    const status = () => uploads.$recent.get()[0]!.status;
    expect(status()).toBe("queued");
    await vi.advanceTimersByTimeAsync(999);
    expect(status()).toBe("queued");
    await vi.advanceTimersByTimeAsync(1);
    expect(status()).toBe("ocr");
    await vi.advanceTimersByTimeAsync(2999);
    expect(status()).toBe("ocr");
    await vi.advanceTimersByTimeAsync(1);
    expect(status()).toBe("indexed");
  });

  it("does nothing without a file and a case", async () => {
    const { uploads } = workspace();
    expect(await uploads.submit()).toBeNull();
    uploads.chooseFile(pdf());
    expect(await uploads.submit()).toBeNull();
    expect(uploads.$uploads.get()).toEqual([]);
  });

  it("continues an upload in flight at a reload from its timestamp", async () => {
    const { uploads } = workspace();
    const stored = { id: "u", filename: "a.pdf", title: "a", caseId: "c", caseTitle: "C", sizeBytes: 1, pages: 1 };
    uploads.$uploads.set([{ ...stored, uploaded: new Date(T0 - 2500).toISOString() }]);
    expect(uploads.$recent.get()[0]!.status).toBe("ocr");
    await vi.advanceTimersByTimeAsync(1500);
    expect(uploads.$recent.get()[0]!.status).toBe("indexed");
  });

  it("Upload Doc's link preselects its case, before and after a file is chosen", () => {
    const { uploads } = workspace();
    const id = sampleCases[2]!.id;
    uploads.preselectCase(new URL(uploadHrefFor(id), "http://localhost").search);
    uploads.chooseFile(pdf());
    expect(uploads.$form.get().caseId).toBe(id);
    uploads.preselectCase("?case=nope");
    expect(uploads.$form.get().caseId).toBe(id);
  });
});

describe("cross-screen effects", () => {
  it("an indexed upload lands in Files under its case and raises that case's document count", async () => {
    const { uploads, files, cards } = workspace();
    const target = sampleCases[1]!;
    const count = () => cards.$cards.get().find((c) => c.id === target.id)!.documents;
    const before = count();
    uploads.chooseFile(pdf("Termination Letter.pdf"));
    uploads.setCase(target.id);
    const upload = await uploads.submit();
    const inFiles = () => files.$documents.get().find((d) => d.id === upload!.id);
    await vi.advanceTimersByTimeAsync(3999);
    expect(inFiles()).toBeUndefined();
    expect(count()).toBe(before);
    await vi.advanceTimersByTimeAsync(1);
    expect(inFiles()).toMatchObject({ title: "Termination Letter", caseTitle: target.title, status: "indexed" });
    expect(files.$documents.get()[0]!.id).toBe(upload!.id);
    expect(count()).toBe(before + 1);
    files.setQuery(target.title.slice(0, 9));
    expect(files.$matching.get().map((d) => d.id)).toContain(upload!.id);
  });

  it("re-index: failed -> processing -> indexed after 3000 ms, for failed files only", async () => {
    const { files } = workspace();
    const failed = files.$documents.get().find((d) => d.status === "failed")!;
    const status = () => files.$documents.get().find((d) => d.id === failed.id)!.status;
    files.reindex(failed.id);
    expect(status()).toBe("processing");
    await vi.advanceTimersByTimeAsync(2999);
    expect(status()).toBe("processing");
    await vi.advanceTimersByTimeAsync(1);
    expect(status()).toBe("indexed");
    files.setFilter("failed");
    expect(files.$matching.get()).toEqual([]);
  });
});

describe("knowledge and cases actions", () => {
  it("adds a KB item at the top with the source rule, and refuses a blank one", () => {
    const { knowledge } = workspace();
    expect(knowledge.addItem({ title: " ", type: "law", description: "x" })).toBeNull();
    const added = knowledge.addItem({ title: "Memo on Cap. 149", type: "internal", description: "Damages" });
    expect(knowledge.$items.get()[0]).toEqual(added);
    expect(added).toMatchObject({ source: "Internal", lastUpdated: "2025-03-14" });
    expect(knowledge.addItem({ title: "Law 125(I)/2018", type: "law", description: "GDPR" })?.source).toBe("External");
    knowledge.setFilter("internal");
    knowledge.setQuery("damages");
    expect(knowledge.$matching.get()).toEqual([added]);
    knowledge.setQuery("no such thing");
    expect(knowledge.$matching.get()).toEqual([]);
  });

  it("creates a case with its defaults, filters and deletes it", () => {
    const { cases, cards } = workspace();
    expect(cases.createCase({ title: "x", docketNo: "", jurisdiction: "" })).toBeNull();
    const created = cases.createCase({ title: "Ioannou v. Ioannou", docketNo: "CV-2025-000777", jurisdiction: "" })!;
    expect(cards.$cards.get()[0]).toEqual({ ...created, jurisdiction: "Not specified", status: "active", members: 1, documents: 0, updated: "2025-03-14" });
    cases.setQuery("cv-2025-000777");
    expect(cases.$matching.get()).toEqual([created]);
    cases.setFilter("closed");
    expect(cases.$matching.get()).toEqual([]);
    cases.deleteCase(created.id);
    cases.setFilter("all");
    cases.setQuery("");
    expect(cases.$cases.get().some((c) => c.id === created.id)).toBe(false);
  });
});

describe("preferences", () => {
  it("defaults to My Firm, email and mobile on, desktop off; edits are unsaved until Save, which toasts", () => {
    const notify = vi.fn();
    const prefs = createPreferencesStore({ notify });
    expect(prefs.$saved.get()).toEqual({ defaultScope: "firm", compactMode: false, notifications: { email: true, desktop: false, mobile: true } });
    prefs.setDefaultScope("kb");
    prefs.setCompactMode(true);
    prefs.setNotification("desktop", true);
    expect(prefs.$dirty.get()).toBe(true);
    expect(prefs.$saved.get().defaultScope).toBe("firm");
    prefs.save();
    expect(prefs.$saved.get()).toEqual({ defaultScope: "kb", compactMode: true, notifications: { email: true, desktop: true, mobile: true } });
    expect(prefs.$dirty.get()).toBe(false);
    expect(notify).toHaveBeenCalledWith({ title: "Preferences saved", description: "Your preferences are saved in this browser." });
    prefs.setCompactMode(false);
    prefs.setCompactMode(true);
    expect(prefs.$dirty.get()).toBe(false);
    prefs.setDefaultScope("all");
    prefs.discard();
    expect(prefs.$editing.get().defaultScope).toBe("kb");
  });

  it("shows saved preferences loaded later (another tab, sign-in)", () => {
    const prefs = createPreferencesStore({ notify: vi.fn() });
    prefs.$saved.set({ ...prefs.$saved.get(), defaultScope: "case" });
    expect(prefs.$editing.get().defaultScope).toBe("case");
  });
});
