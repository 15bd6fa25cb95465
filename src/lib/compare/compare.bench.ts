import { describe, expect, test } from "vitest";
import { ms } from "../../../tests/fixtures/corpus";
import { hundredPagePair } from "../../../tests/fixtures/comparePair";
import { alignClauses } from "./align";
import { splitClauses } from "./sections";
import { compareVersions } from "./versions";

/** The budget: a 100-page pair compares in under a second. */
const COMPARE_MS = 1000;

// A pair of about 100 pages (CUAD contracts, CC BY 4.0, with scripted edits): the whole comparison, as the compare
// worker runs it, and its steps.
const { a, b } = hundredPagePair();

describe(`compare two versions, ${String(a.length)} pages`, () => {
  test("split, align and diff", async ({ bench }) => {
    const best = (run: () => unknown) =>
      Math.min(
        ...Array.from({ length: 3 }, () => {
          const at = performance.now();
          run();
          return performance.now() - at;
        }),
      );
    const split = best(() => splitClauses(a));
    const clausesA = splitClauses(a);
    const clausesB = splitClauses(b);
    const align = best(() => alignClauses(clausesA, clausesB));
    const whole = best(() => compareVersions(a, b));
    const { changes } = compareVersions(a, b);
    console.log(
      [
        "",
        `Compare benchmark: ${String(a.length)} / ${String(b.length)} pages, ${String(clausesA.length)} / ${String(clausesB.length)} clauses, ${String(changes.length)} changes (best of 3)`,
        "| measure | value |",
        "|---|---|",
        `| split one version into clauses | ${ms(split)} |`,
        `| align the clauses | ${ms(align)} |`,
        `| the whole comparison (split both, align, word diff) | ${ms(whole)} |`,
        "",
      ].join("\n"),
    );
    const run = await bench("compare the pair", () => compareVersions(a, b)).run();
    expect(whole).toBeLessThan(COMPARE_MS);
    expect(run.latency.mean).toBeLessThan(COMPARE_MS);
  });
});
