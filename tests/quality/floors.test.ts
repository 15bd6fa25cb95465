import { describe, expect, test } from "vitest";
import { belowFloors, FLOORS } from "./report";
import { DEV_SET, measureQuality, PATHS } from "./run";

// The quality gate of `npm test` (issues 29 and 42): `npm run bench:quality`'s measure on the CUAD dev set
// (tests/fixtures/cuad-dev: 38 contracts, 1,558 labelled questions; CUAD by The Atticus Project, CC BY 4.0) and the
// plain questions (tests/fixtures/plain-questions, CC0: 7,790 more), through the chat's own code on both paths, must
// meet the floors of each form. Deterministic: nothing here is timed or random. The questions are shared by two
// processes (this one and a Vitest run of measure.quality.ts): the same answers in about half the time on two cores.
describe("answers that find the clause, on the CUAD dev set", () => {
  test(`both paths and the three question forms meet the floors (${JSON.stringify(FLOORS)})`, async () => {
    const report = await measureQuality(DEV_SET, { processes: 2 });
    expect(report.questions).toBe(1558);
    expect(report.plain?.questions).toBe(7790);
    // Every quote was found on the page it cites: the hits by place read the replies right.
    expect(PATHS.flatMap((path) => report.forms.map((form) => report[path][form]?.unplaced))).toEqual(Array(6).fill(0));
    const short = belowFloors(report);
    expect(short, `below the floors:\n${short.join("\n")}`).toEqual([]);
  }, 1_200_000);
});
