import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { entryId } from "../entries";
import { DOCUMENTS, JUDGMENT, KNOWLEDGE, LEASE, LEASE_PAGES, SERVICES } from "../../../../tests/fixtures/searchFixtures";
import { planQuery, searchTerms } from "../rank";
import type { Findings } from "../results";
import type { WorkspaceEntry } from "../entries";
import { createSearchService, SAVE_DELAY_MS } from "./service";

const ids = ({ results }: Findings) => results.map((result) => entryId(result.entry));
const indexed = (document: WorkspaceEntry["document"], yes = true): WorkspaceEntry => ({ document, indexed: yes });
const everyDocument = DOCUMENTS.map(({ document }) => indexed(document));

/** A service over an in-memory store: the fixture corpus's pages, and what was saved. */
function setup(stored?: string) {
  const saved: string[] = [];
  const pageReads: string[] = [];
  const pages = new Map(DOCUMENTS.map(({ document, pages: list }) => [document.id, list]));
  const service = createSearchService({
    load: () => Promise.resolve(saved.at(-1) ?? stored),
    save: (json) => {
      saved.push(json);
      return Promise.resolve();
    },
    pages: (id) => {
      pageReads.push(id);
      return Promise.resolve([...(pages.get(id) ?? [])]);
    },
  });
  return { service, saved, pageReads };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("the search service", () => {
  it("hands the documents' pages over to the server: a sync with handover drops them, keeps the knowledge, and adds none until one without", async () => {
    const { service, saved, pageReads } = setup();
    await service.sync(everyDocument, KNOWLEDGE);
    expect(ids(await service.search("When is the security deposit returned?"))[0]).toBe("page:doc-lease:2");
    pageReads.length = 0;
    await service.sync(everyDocument, KNOWLEDGE, true);
    expect(pageReads).toEqual([]);
    expect(ids(await service.search("When is the security deposit returned?")).filter((id) => id.startsWith("page:"))).toEqual([]);
    await service.add(LEASE, LEASE_PAGES);
    expect(ids(await service.search("When is the security deposit returned?")).filter((id) => id.startsWith("page:"))).toEqual([]);
    expect(ids(await service.search("rent control law", { scope: { kind: "kb" } }))).toContain("kb:kb-rent-control");
    await service.flush();
    const stored = JSON.parse(saved.at(-1) ?? "{}") as { entries: { kind: string }[] };
    expect(stored.entries.filter((entry) => entry.kind === "page")).toEqual([]);
    // Back under the budget (documents deleted) or no server: the pages come back from storage.
    await service.sync(everyDocument, KNOWLEDGE);
    expect(ids(await service.search("When is the security deposit returned?"))[0]).toBe("page:doc-lease:2");
  });

  it("builds the index from the stored pages on first sync, and saves it once after a quiet moment", async () => {
    const { service, saved, pageReads } = setup();
    await service.sync(everyDocument, KNOWLEDGE);
    expect(pageReads.sort()).toEqual(DOCUMENTS.map(({ document }) => document.id).sort());
    expect(ids(await service.search("When is the security deposit returned?"))[0]).toBe("page:doc-lease:2");
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS - 1);
    expect(saved).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(saved).toHaveLength(1);
  });

  it("loads a saved index without reading pages again, and an unchanged sync saves nothing", async () => {
    const first = setup();
    await first.service.sync(everyDocument, KNOWLEDGE);
    await first.service.flush();
    const second = setup(first.saved[0]);
    await second.service.sync(everyDocument, KNOWLEDGE);
    expect(second.pageReads).toEqual([]);
    expect(ids(await second.service.search("liquidated damages for late completion"))[0]).toBe("page:doc-services:3");
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS * 2);
    expect(second.saved).toEqual([]);
  });

  it.each([["not json"], ['{"version":1,"entries":[{"kind":"page"}],"index":{}}'], ['{"version":999,"entries":[],"index":{}}']])(
    "rebuilds from the pages when the stored index is corrupt: %s",
    async (stored) => {
      const { service, pageReads } = setup(stored);
      await service.sync(everyDocument, KNOWLEDGE);
      expect(pageReads).toHaveLength(DOCUMENTS.length);
      expect(ids(await service.search("Was the confession admissible?"))[0]).toBe("page:doc-judgment:2");
    },
  );

  it("removes a deleted document, leaves one still being read alone, and re-adds one whose case changed", async () => {
    const { service, pageReads } = setup();
    await service.sync(everyDocument, KNOWLEDGE);
    pageReads.length = 0;
    const rest = everyDocument.filter((entry) => entry.document.id !== JUDGMENT.id && entry.document.id !== LEASE.id);
    const moved = { ...SERVICES, caseId: "case-other", caseTitle: "Another case" };
    await service.sync([...rest.filter((e) => e.document.id !== SERVICES.id), indexed(moved), indexed(LEASE, false)], KNOWLEDGE);
    expect(pageReads).toEqual([SERVICES.id]);
    expect(ids(await service.search("Was the confession admissible?"))).toEqual([]);
    expect(ids(await service.search("When is the security deposit returned?"))[0]).toBe("page:doc-lease:2");
    const [hit] = (await service.search("liquidated damages", { scope: { kind: "case", caseId: "case-other" } })).results;
    expect(hit?.entry).toMatchObject({ docId: SERVICES.id, caseTitle: "Another case" });
  });

  it("adds an upload's pages as its Embedding step, replaces them on a re-index, and removes them", async () => {
    const { service } = setup();
    await service.sync([], []);
    const upload = { ...LEASE, id: "upload-1" };
    await service.add(upload, [{ number: 2, text: "The quokka clause binds the tenant.", source: "text" }]);
    expect(ids(await service.search("quokka clause"))).toEqual(["page:upload-1:2"]);
    await service.add(upload, LEASE_PAGES);
    expect(ids(await service.search("quokka clause"))).toEqual([]);
    await service.remove(upload.id);
    expect(ids(await service.search("security deposit"))).toEqual([]);
  });

  it("a search asked during a sync waits for it", async () => {
    const { service } = setup();
    const syncing = service.sync(everyDocument, KNOWLEDGE);
    const results = service.search("compensation for unfair dismissal");
    await syncing;
    // Asked before the sync ended, the search still finds what the sync brought.
    expect(ids(await results)).toContain("kb:kb-termination-employment");
  });

  it("keeps working in memory when storage refuses the save", async () => {
    const service = createSearchService({
      load: () => Promise.reject(new Error("gone")),
      save: () => Promise.reject(new Error("full")),
      pages: () => Promise.reject(new Error("gone")),
    });
    await service.sync(everyDocument, KNOWLEDGE);
    await service.add(LEASE, LEASE_PAGES);
    await expect(service.flush()).resolves.toBeUndefined();
    expect(ids(await service.search("security deposit"))[0]).toBe("page:doc-lease:2");
  });

  it("gives the terms search_pages is asked for, and searches with Postgres's pages standing for its own", async () => {
    const { service } = setup();
    await service.sync(everyDocument, KNOWLEDGE);
    expect(await service.terms("When is the security deposit returned?")).toEqual(searchTerms(planQuery("When is the security deposit returned?")));
    const lease = DOCUMENTS.find(({ document }) => document.id === LEASE.id);
    if (!lease) throw new Error("fixture");
    const pages = lease.pages.map((page) => ({ kind: "page" as const, ...LEASE, docId: LEASE.id, page: page.number, text: page.text }));
    expect(ids(await service.searchWith("Was the confession admissible?", pages))).toEqual([]);
    expect(ids(await service.searchWith("When is the security deposit returned?", pages))[0]).toBe("page:doc-lease:2");
  });

  it("searches a document the server has not confirmed in its stored pages, in place of any the server found of it", async () => {
    const { service, pageReads } = setup();
    await service.sync(everyDocument, KNOWLEDGE, true);
    const question = "When is the security deposit returned?";
    // Handed over, and search_pages has none of the lease yet: only its stored pages can answer.
    expect(ids(await service.searchWith(question, [])).filter((id) => id.startsWith("page:"))).toEqual([]);
    pageReads.length = 0;
    expect(ids(await service.searchWith(question, [], undefined, [LEASE]))[0]).toBe("page:doc-lease:2");
    expect(pageReads).toEqual([LEASE.id]);
    // A stale page the server still holds of it gives way to the stored one; another document's pages stay.
    const stale = { kind: "page" as const, ...LEASE, docId: LEASE.id, page: 2, text: "The security deposit is returned when the landlord sees fit: this page was rewritten." };
    const other = DOCUMENTS.find(({ document }) => document.id !== LEASE.id);
    if (!other) throw new Error("fixture");
    const otherPage = { kind: "page" as const, ...other.document, docId: other.document.id, page: 1, text: "The security deposit is returned within 30 days." };
    const findings = await service.searchWith(question, [stale, otherPage], undefined, [LEASE]);
    expect(ids(findings)).toContain("page:doc-lease:2");
    expect(ids(findings)).toContain(`page:${other.document.id}:1`);
    expect(findings.results.map((result) => (result.entry.kind === "page" ? result.entry.text : "")).join(" ")).not.toContain("rewritten");
    // A document with no stored pages here keeps what the server found.
    expect(ids(await service.searchWith(question, [otherPage], undefined, [{ ...LEASE, id: "doc-elsewhere" }]))).toContain(`page:${other.document.id}:1`);
  });
});
