import { describe, expect, it } from "vitest";
import { TRANSCRIPT_LIMIT, withFinalTranscript } from "./state";

describe("withFinalTranscript", () => {
  const hello = { role: "assistant", text: "Hello!" };

  it.each([
    ["a partial transcript", { type: "transcript", transcriptType: "partial", role: "user", transcript: "Hel" }],
    ["a status update", { type: "status-update", status: "in-progress" }],
    ["a transcript without text", { type: "transcript", transcriptType: "final", role: "user" }],
    ["nothing", null],
  ])("ignores %s", (_, message) => {
    expect(withFinalTranscript([hello], message)).toBeNull();
  });

  it("appends a final transcript with its role", () => {
    const message = { type: "transcript", transcriptType: "final", role: "user", transcript: "Hi there" };
    expect(withFinalTranscript([hello], message)).toEqual([hello, { role: "user", text: "Hi there" }]);
  });

  it(`keeps the last ${TRANSCRIPT_LIMIT} lines`, () => {
    const full = Array.from({ length: TRANSCRIPT_LIMIT }, (_, i) => ({ role: "user", text: String(i) }));
    const next = withFinalTranscript(full, { type: "transcript", transcriptType: "final", role: "assistant", transcript: "last" });
    expect(next).toHaveLength(TRANSCRIPT_LIMIT);
    expect(next?.[0]?.text).toBe("1");
    expect(next?.at(-1)).toEqual({ role: "assistant", text: "last" });
  });
});
