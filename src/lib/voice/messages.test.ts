import { describe, expect, it } from "vitest";
import { describeVoiceError, isMicrophoneDenied, isNonFatal, isNormalEnd, stageLabel, startFailedNotice } from "./messages";

describe("describeVoiceError", () => {
  it.each<[string, unknown, string]>([
    ["an Error", new Error("Network down"), "Network down"],
    ["a string", "Failed to load call object bundle.", "Failed to load call object bundle."],
    ["the API's body", { message: "Invalid Key", error: "Unauthorized", statusCode: 401 }, "Invalid Key"],
    ["a validation body", { message: ["assistantId must be a UUID", "x is required"] }, "assistantId must be a UUID; x is required"],
    ["the SDK's start-method-error", { type: "start-method-error", error: { message: { message: "Invalid Key" } } }, "Invalid Key"],
    ["a Daily error", { action: "error", errorMsg: "Meeting has ended", error: { type: "no-room" } }, "Meeting has ended"],
    ["null", null, "Unknown error"],
    ["an empty object", {}, "Unknown error"],
    ["a blank string", "  ", "Unknown error"],
  ])("%s", (_, value, expected) => {
    expect(describeVoiceError(value)).toBe(expected);
  });
});

describe("startFailedNotice", () => {
  it("fills the specification's sentence, without doubling a full stop", () => {
    expect(startFailedNotice("Invalid Key")).toEqual({
      title: "Voice Call Error",
      description: "Failed to start voice call: Invalid Key. Please check your Vapi credentials.",
      variant: "destructive",
    });
    expect(startFailedNotice("Failed to load call object bundle.").description).toBe(
      "Failed to start voice call: Failed to load call object bundle. Please check your Vapi credentials.",
    );
    expect(startFailedNotice("").description).toBe("Failed to start voice call: Unknown error. Please check your Vapi credentials.");
  });

  it("tells how to allow the microphone again when it was denied", () => {
    expect(startFailedNotice("Permission denied", true).description).toMatch(
      /^Failed to start voice call: Permission denied\. Please check your Vapi credentials\. Microphone access is blocked: allow the microphone/,
    );
  });
});

describe("classifying SDK errors", () => {
  it.each<[unknown, boolean]>([
    [Object.assign(new Error("denied"), { name: "NotAllowedError" }), true],
    [{ name: "PermissionDeniedError" }, true],
    [new Error("NotFoundError"), false],
    [null, false],
  ])("microphone denied: %o -> %s", (error, expected) => {
    expect(isMicrophoneDenied(error)).toBe(expected);
  });

  it.each<[unknown, boolean]>([
    [{ type: "daily-error", error: { errorMsg: "Meeting has ended" } }, true],
    [{ type: "daily-error", error: { message: { type: "ejected" } } }, true],
    [{ type: "daily-error", error: { errorMsg: "connection lost" } }, false],
    ["ejected from the queue", false],
  ])("normal end: %o -> %s", (payload, expected) => {
    expect(isNormalEnd(payload)).toBe(expected);
  });

  it.each<[unknown, boolean]>([
    [{ type: "audio-processing-setup-error" }, true],
    [{ type: "audio-start-failed" }, true],
    [{ type: "daily-call-join-error" }, false],
    ["audio-start-failed", false],
  ])("non-fatal: %o -> %s", (payload, expected) => {
    expect(isNonFatal(payload)).toBe(expected);
  });
});

describe("stageLabel", () => {
  it.each([
    [null, "Connecting"],
    ["web-call-creation", "Creating the call"],
    ["daily-call-join", "Joining the call"],
    ["some-new-stage", "some new stage"],
  ])("%s -> %s", (stage, label) => {
    expect(stageLabel(stage)).toBe(label);
  });
});
