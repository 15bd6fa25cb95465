import { describe, expect, it, vi } from "vitest";
import { MICROPHONE_HELP } from "./messages";
import { flush, voiceHarness } from "../../../tests/fixtures/voiceHarness";
import type { VoiceConfig } from "./types";

const CONFIG: VoiceConfig = { publicKey: "pk-test", assistantId: "assistant-1" };
const failedToast = (reason: string) => ({
  title: "Voice Call Error",
  description: `Failed to start voice call: ${reason}. Please check your Vapi credentials.`,
  variant: "destructive",
});

/** Starts a call, lets the test's SDK emit, then settles start() with `call`. */
async function failStart(emit: (h: ReturnType<typeof voiceHarness>) => void, call: unknown = null) {
  const h = voiceHarness();
  const started = h.controller.start(CONFIG);
  await flush();
  emit(h);
  h.sdk.resolveStart(call);
  await started;
  return h;
}

describe("voice controller: a call that fails to start", () => {
  it("start() resolving null: 'Unknown error', back to idle, reported", async () => {
    const h = await failStart(() => undefined);
    expect(h.notices).toEqual([failedToast("Unknown error")]);
    expect(h.statuses()).toEqual(["connecting", "idle"]);
    expect(h.reports.map((r) => [r.error.name, r.error.message])).toEqual([["VoiceCallError", "Unknown error"]]);
  });

  it("the API's error body (call-start-failed, then error): one toast with the API's message", async () => {
    const body = { message: "Couldn't Find Assistant", error: "Bad Request", statusCode: 400 };
    const h = await failStart(({ sdk }) => {
      sdk.emit("call-start-failed", { stage: "unknown", error: body });
      sdk.emit("error", { type: "start-method-error", error: { message: body, error: body } });
    });
    expect(h.notices).toEqual([failedToast("Couldn't Find Assistant")]);
    expect(h.reports).toHaveLength(1);
    expect(h.reports[0]?.extra).toEqual({ vapi: [body, expect.objectContaining({ type: "start-method-error" })] });
  });

  it("the call engine cannot join: the join error's message, a trailing full stop not doubled", async () => {
    const h = await failStart(({ sdk }) => {
      sdk.emit("error", { type: "daily-call-join-error", error: { message: "Failed to load call object bundle." } });
      sdk.emit("call-start-failed", { stage: "unknown", error: "Failed to load call object bundle." });
    });
    expect(h.notices).toEqual([failedToast("Failed to load call object bundle")]);
    expect(h.controller.getState().status).toBe("idle");
  });

  it("an error event is a failure even when start() resolves with a call, which is then stopped", async () => {
    const h = await failStart(({ sdk }) => sdk.emit("error", { type: "daily-error", error: { errorMsg: "not allowed" } }), { id: "c" });
    expect(h.notices).toEqual([failedToast("not allowed")]);
    expect(h.sdk.stopCalls).toBe(1);
    expect(h.controller.getState().status).toBe("idle");
  });

  it("a failure after End while connecting: idle, reported, but no toast", async () => {
    const h = voiceHarness();
    const started = h.controller.start(CONFIG);
    await flush();
    await h.controller.end();
    h.sdk.resolveStart(null);
    await started;
    expect(h.notices).toEqual([]);
    expect(h.reports).toHaveLength(1);
    expect(h.controller.getState().status).toBe("idle");
  });

  it("a denied microphone: the toast says how to allow it again; not reported, SDK not started", async () => {
    const denied = Object.assign(new Error("Permission denied"), { name: "NotAllowedError" });
    const h = voiceHarness({ requestMicrophone: vi.fn(async () => Promise.reject(denied)) });
    await h.controller.start(CONFIG);
    expect(h.notices).toEqual([
      { ...failedToast("Permission denied"), description: `${failedToast("Permission denied").description} ${MICROPHONE_HELP}` },
    ]);
    expect(h.reports).toEqual([]);
    expect(h.sdk.startCalls).toEqual([]);
  });

  it("the SDK cannot be downloaded: the toast, and the next click tries again", async () => {
    const h = voiceHarness();
    const factory = () => h.sdk;
    h.loadSdk.mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"));
    h.loadSdk.mockResolvedValue(factory);
    await h.controller.start(CONFIG);
    expect(h.notices).toEqual([failedToast("Failed to fetch dynamically imported module")]);
    await h.startActive(CONFIG);
    expect(h.controller.getState().status).toBe("active");
  });
});

describe("voice controller: errors during a call", () => {
  it("a fatal error ends the call with a toast and a report", async () => {
    const h = voiceHarness();
    await h.startActive(CONFIG);
    h.sdk.emit("error", { type: "daily-error", error: { errorMsg: "network connection lost" } });
    expect(h.controller.getState().status).toBe("idle");
    expect(h.notices.map((n) => n.description)).toEqual(["The voice call ended unexpectedly: network connection lost"]);
    expect(h.reports).toHaveLength(1);
    expect(h.sdk.stopCalls).toBe(1);
  });

  it("a non-fatal error (noise cancellation) is reported and the call goes on", async () => {
    const h = voiceHarness();
    await h.startActive(CONFIG);
    h.sdk.emit("error", { type: "audio-processing-setup-error", error: { message: "KrispInitError: Canceled" } });
    expect(h.controller.getState().status).toBe("active");
    expect(h.notices).toEqual([]);
    expect(h.reports.map((r) => r.error.message)).toEqual(["KrispInitError: Canceled"]);
  });
});

describe("voice controller: mute", () => {
  it("mutes and unmutes the microphone during a call", async () => {
    const h = voiceHarness();
    await h.startActive(CONFIG);
    h.controller.toggleMute();
    expect(h.controller.getState().muted).toBe(true);
    h.controller.toggleMute();
    expect(h.controller.getState().muted).toBe(false);
    expect(h.sdk.mutedCalls).toEqual([true, false]);
  });

  it.each([
    ["before the SDK exists", false],
    ["after the call ended (the SDK throws)", true],
  ])("without a call (%s): 'Call object is not available.' as a toast, not a crash", async (_, hadCall) => {
    const h = voiceHarness();
    if (hadCall) {
      await h.startActive(CONFIG);
      await h.controller.end();
    }
    expect(() => h.controller.toggleMute()).not.toThrow();
    expect(h.notices).toEqual([{ title: "Voice Call Error", description: "Call object is not available.", variant: "destructive" }]);
    expect(h.controller.getState().muted).toBe(false);
  });
});
