import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { START_TIMEOUT_MS } from "./controller";
import { voiceHarness } from "../../../tests/fixtures/voiceHarness";
import type { VoiceConfig, VoiceSdkFactory } from "./types";

const CONFIG: VoiceConfig = { publicKey: "pk-test", assistantId: "assistant-1" };
const TIMEOUT_TOAST = {
  title: "Voice Call Error",
  description: "Failed to start voice call: The call did not connect within 30 seconds. Please check your Vapi credentials.",
  variant: "destructive",
};
const never = <T>() => new Promise<T>(() => undefined);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("voice controller: a start that never settles", () => {
  it("is 30 seconds", () => {
    expect(START_TIMEOUT_MS).toBe(30_000);
  });

  it.each([
    ["the SDK download", { loadSdk: () => never<VoiceSdkFactory>() }],
    ["the microphone prompt", { requestMicrophone: () => never<void>() }],
  ])("%s: connecting until 30 s, then the Voice Call Error toast and idle", async (_stage, overrides) => {
    const h = voiceHarness(overrides);
    void h.controller.start(CONFIG);
    await vi.advanceTimersByTimeAsync(START_TIMEOUT_MS - 1);
    expect(h.controller.getState().status).toBe("connecting");
    expect(h.notices).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.controller.getState().status).toBe("idle");
    expect(h.notices).toEqual([TIMEOUT_TOAST]);
    expect(h.reports.map((r) => r.error.message)).toEqual(["The call did not connect within 30 seconds"]);
  });

  it("/call/web or the join: the SDK is told to stop, the button works again, and a late call is ended", async () => {
    const h = voiceHarness();
    void h.controller.start(CONFIG);
    await vi.advanceTimersByTimeAsync(START_TIMEOUT_MS);
    expect(h.notices).toEqual([TIMEOUT_TOAST]);
    expect(h.controller.getState().status).toBe("idle");
    expect(h.sdk.stopCalls).toBe(1);

    h.sdk.resolveStart({ id: "late-call" });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.sdk.stopCalls).toBe(2);
    expect(h.controller.getState().status).toBe("idle");

    void h.controller.start(CONFIG);
    await vi.advanceTimersByTimeAsync(0);
    h.sdk.resolveStart({ id: "call-2" });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.controller.getState().status).toBe("active");
    expect(h.sdk.startCalls).toHaveLength(2);
  });

  it("End while connecting still ends it: idle at the time-out at the latest, with no toast", async () => {
    const h = voiceHarness();
    void h.controller.start(CONFIG);
    await vi.advanceTimersByTimeAsync(1_000);
    void h.controller.end();
    expect(h.controller.getState().status).toBe("ending");
    await vi.advanceTimersByTimeAsync(START_TIMEOUT_MS);
    expect(h.controller.getState().status).toBe("idle");
    expect(h.notices).toEqual([]);
    expect(h.statuses()).toEqual(["connecting", "ending", "idle"]);
  });

  it("a start that succeeds in time clears its timer: no toast 30 s later", async () => {
    const h = voiceHarness();
    void h.controller.start(CONFIG);
    await vi.advanceTimersByTimeAsync(5_000);
    h.sdk.resolveStart();
    await vi.advanceTimersByTimeAsync(START_TIMEOUT_MS);
    expect(h.controller.getState().status).toBe("active");
    expect(h.notices).toEqual([]);
  });
});
