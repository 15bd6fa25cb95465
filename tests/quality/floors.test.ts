import { describe, expect, test } from "vitest";
import { belowFloors, FLOORS } from "./report";
import { DEV_SET, measureQuality } from "./run";

// The quality gate of `npm test` (issue 29): `npm run bench:quality`'s measure on the CUAD dev set
// (tests/fixtures/cuad-dev: 38 contracts, 1,558 labelled questions; CUAD by The Atticus Project, CC BY 4.0), through
// the chat's own code on both paths, must stay above the floors. Deterministic: nothing here is timed or random.
describe("answers that find the clause, on the CUAD dev set", () => {
  test(`both paths and both question forms meet the floors (${JSON.stringify(FLOORS)})`, async () => {
    const report = await measureQuality(DEV_SET);
    expect(report.questions).toBe(1558);
    expect(belowFloors(report)).toEqual([]);
  }, 600_000);
});
