import { describe, expect, it } from "vitest";
import { conceptsOf } from "../search/rank";
import { PRESET_GROUPS, PRESETS } from "./presets";

describe("the Review's presets", () => {
  it("are grouped as contract clauses, in the issue's order", () => {
    expect(PRESET_GROUPS).toEqual([
      "Parties and dates",
      "Term, renewal and termination",
      "Assignment and change of control",
      "Exclusivity, non-compete and non-solicit",
      "Liability, indemnity and insurance",
      "Payment and audit",
      "IP and licences",
      "Governing law and disputes",
    ]);
    for (const group of PRESET_GROUPS) expect(PRESETS.get(group)?.length).toBeGreaterThan(0);
  });

  it("have the short headers a review is made of", () => {
    const labels = [...PRESETS.values()].flat().map((p) => p.label);
    expect(labels).toEqual(expect.arrayContaining(["Governing law", "Term", "Assignment", "Non-compete"]));
    for (const label of labels) expect(label.length).toBeLessThanOrEqual(30);
  });

  it.each([...PRESETS.values()].flat().map((p) => [p.label, p]))("%s: its question names its own clause of the chat's vocabulary", (_, preset) => {
    expect(conceptsOf(preset.question)).toContain(preset.id);
  });
});
