import { describe, expect, it } from "vitest";
import { canCreateCase, documentCounts, filterCases, newCase, parseCases, preselectedCaseId, uploadHrefFor, type Case } from "./cases";

const kase = (id: string, status: Case["status"], title: string, docketNo: string): Case => ({
  id,
  title,
  docketNo,
  jurisdiction: "District Court of Paphos",
  status,
  updated: "2025-03-01",
  members: 2,
});

describe("cases", () => {
  const cases = [kase("g", "active", "Georgiou v. Paphos", "CV-2024-001187"), kase("k", "pending", "Kyprianou v. Marine", "CV-2024-000932"), kase("r", "closed", "Republic v. Charalambous", "CR-2023-004410")];

  it.each([
    ["", "all", ["g", "k", "r"]],
    ["republic", "all", ["r"]],
    ["cv-2024", "all", ["g", "k"]],
    ["cv-2024", "pending", ["k"]],
    ["", "closed", ["r"]],
    ["", "active", ["g"]],
  ] as const)("query %j with filter %s finds %j", (query, filter, ids) => {
    expect(filterCases(cases, query, filter).map((c) => c.id)).toEqual(ids);
  });

  it("needs a title and a docket number", () => {
    expect(canCreateCase({ title: "A", docketNo: " ", jurisdiction: "" })).toBe(false);
    expect(canCreateCase({ title: "", docketNo: "CV-1", jurisdiction: "x" })).toBe(false);
    expect(canCreateCase({ title: "A", docketNo: "CV-1", jurisdiction: "" })).toBe(true);
  });

  it("starts a case active, with 1 member, updated today, 'Not specified' without a jurisdiction", () => {
    const now = new Date(2025, 2, 14, 9);
    expect(newCase({ title: " Ioannou ", docketNo: " CV-2025-000001 ", jurisdiction: "  " }, "c1", now)).toEqual({
      id: "c1",
      title: "Ioannou",
      docketNo: "CV-2025-000001",
      jurisdiction: "Not specified",
      status: "active",
      updated: "2025-03-14",
      members: 1,
    });
    expect(newCase({ title: "A", docketNo: "B", jurisdiction: "Supreme Court of Cyprus" }, "c2", now).jurisdiction).toBe("Supreme Court of Cyprus");
  });

  it("counts each case's documents", () => {
    expect(documentCounts([{ caseId: "g" }, { caseId: "g" }, { caseId: "k" }])).toEqual(new Map([["g", 2], ["k", 1]]));
  });

  it("Upload Doc's link preselects that case, and only an existing one", () => {
    const href = uploadHrefFor("case 1&x");
    expect(href).toBe("/dash/uploads?case=case%201%26x");
    const search = new URL(href, "http://x").search;
    expect(preselectedCaseId(search, [{ id: "case 1&x" }])).toBe("case 1&x");
    expect(preselectedCaseId(search, [{ id: "g" }])).toBeNull();
    expect(preselectedCaseId("", [{ id: "g" }])).toBeNull();
  });

  it("validates stored cases", () => {
    expect(parseCases(cases)).toEqual(cases);
    expect(parseCases([{ ...cases[0], members: "1" }])).toBeNull();
  });
});
