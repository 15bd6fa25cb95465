import { describe, expect, it } from "vitest";
import { labelledOptions } from "./selectOptions";

const labels = { all: "All Status", indexed: "Indexed", failed: "Failed" } as const;

describe("labelledOptions", () => {
  it.each([
    ["every key, in the table's order", undefined, ["all", "indexed", "failed"]],
    ["the given values, in their order", ["failed", "all"] as const, ["failed", "all"]],
    ["no values", [] as const, []],
  ] as const)("%s", (_, values, expected) => {
    const options = labelledOptions(labels, values);
    expect(options.map((option) => option.value)).toEqual(expected);
    for (const option of options) expect(option.label).toBe(labels[option.value]);
  });
});
