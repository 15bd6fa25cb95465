import { describe, expect, it, vi } from "vitest";
import { flush, voiceHarness } from "../../../tests/fixtures/voiceHarness";
import type { VoiceConfig } from "./types";

const CONFIG: VoiceConfig = { publicKey: "pk-test", assistantId: "assistant-1", apiUrl: "http://127.0.0.1:9/api" };

describe("voice controller: configuration", () => {
  it.each([
    ["no public key", { ...CONFIG, publicKey: undefined }],
    ["no assistant", { ...CONFIG, assistantId: "" }],
  ])("%s: the Initialization Error toast, no SDK, no microphone", async (_, config) => {
    const h = voiceHarness();
    await h.controller.start(config);
    expect(h.notices).toEqual([
      { title: "Initialization Error", description: "Vapi client failed to initialize. Please check your public key.", variant: "destructive" },
    ]);
    expect(h.deps.loadSdk).not.toHaveBeenCalled();
    expect(h.deps.requestMicrophone).not.toHaveBeenCalled();
    expect(h.statuses()).toEqual([]);
  });

  it("an SDK that cannot be constructed gives the Initialization Error toast and a report", async () => {
    const h = voiceHarness({
      loadSdk: async () => () => {
        throw new Error("bad key format");
      },
    });
    await h.controller.start(CONFIG);
    expect(h.notices.map((n) => n.title)).toEqual(["Initialization Error"]);
    expect(h.reports[0]?.error.message).toBe("bad key format");
    expect(h.controller.getState().status).toBe("idle");
  });
});

describe("voice controller: a call", () => {
  it("goes idle -> connecting -> active -> ending -> idle around one SDK instance", async () => {
    const h = voiceHarness();
    const started = h.controller.start(CONFIG);
    expect(h.controller.getState().status).toBe("connecting");
    await flush();
    expect(h.factory).toHaveBeenCalledWith(CONFIG);
    expect(h.sdk.startCalls).toEqual(["assistant-1"]);
    h.sdk.emit("call-start-progress", { stage: "daily-call-join", status: "started" });
    expect(h.controller.getState().stage).toBe("daily-call-join");
    h.sdk.resolveStart();
    await started;
    expect(h.controller.getState()).toMatchObject({ status: "active", stage: null });
    await h.controller.end();
    expect(h.sdk.stopCalls).toBe(1);
    expect(h.statuses()).toEqual(["connecting", "active", "ending", "idle"]);

    await h.startActive(CONFIG);
    expect(h.controller.getState().status).toBe("active");
    expect(h.deps.loadSdk).toHaveBeenCalledTimes(1);
    expect(h.factory).toHaveBeenCalledTimes(1);
    expect(h.notices).toEqual([]);
  });

  it("asks for the microphone synchronously, before the SDK is loaded", () => {
    const order: string[] = [];
    const h = voiceHarness({
      requestMicrophone: vi.fn(async () => void order.push("microphone")),
      loadSdk: vi.fn(async () => {
        order.push("sdk");
        return () => h.sdk;
      }),
    });
    void h.controller.start(CONFIG);
    expect(order).toEqual(["microphone", "sdk"]);
  });

  it("ignores start while connecting or active", async () => {
    const h = voiceHarness();
    const first = h.controller.start(CONFIG);
    await h.controller.start(CONFIG);
    await flush();
    h.sdk.resolveStart();
    await first;
    await h.controller.start(CONFIG);
    expect(h.sdk.startCalls).toHaveLength(1);
    expect(h.deps.requestMicrophone).toHaveBeenCalledTimes(1);
    expect(h.controller.getState().status).toBe("active");
  });

  it("End while connecting cancels the call once the SDK's start resolves", async () => {
    const h = voiceHarness();
    const started = h.controller.start(CONFIG);
    await flush();
    await h.controller.end();
    expect(h.controller.getState().status).toBe("ending");
    expect(h.sdk.stopCalls).toBe(0);
    h.sdk.resolveStart();
    await started;
    expect(h.sdk.stopCalls).toBe(1);
    expect(h.statuses()).toEqual(["connecting", "ending", "idle"]);
    expect(h.notices).toEqual([]);
  });

  it("End before the SDK has loaded never starts the call", async () => {
    const h = voiceHarness();
    const started = h.controller.start(CONFIG);
    await h.controller.end();
    await started;
    expect(h.sdk.startCalls).toEqual([]);
    expect(h.controller.getState().status).toBe("idle");
  });

  it("End when idle does nothing", async () => {
    const h = voiceHarness();
    await h.controller.end();
    expect(h.states).toEqual([]);
  });

  it("a call ended by the other side ('call-end') returns to idle", async () => {
    const h = voiceHarness();
    await h.startActive(CONFIG);
    h.sdk.emit("call-end");
    expect(h.controller.getState().status).toBe("idle");
  });

  it.each([
    ["Meeting has ended", { type: "daily-error", error: { errorMsg: "Meeting has ended", error: { type: "no-room" } } }],
    ["ejected", { type: "daily-error", error: { message: { type: "ejected" }, error: { type: "ejected", msg: "Ejected" } } }],
  ])("'%s' from the call engine is a normal end: no toast, no report", async (_, payload) => {
    const h = voiceHarness();
    await h.startActive(CONFIG);
    h.sdk.emit("error", payload);
    expect(h.controller.getState().status).toBe("idle");
    expect(h.notices).toEqual([]);
    expect(h.reports).toEqual([]);
  });

  it("shows the assistant's volume, speaking/listening and the final transcript lines", async () => {
    const h = voiceHarness();
    await h.startActive(CONFIG);
    h.sdk.emit("volume-level", 0.42);
    h.sdk.emit("speech-start");
    expect(h.controller.getState()).toMatchObject({ volume: 0.42, assistantSpeaking: true });
    h.sdk.emit("speech-end");
    h.sdk.emit("message", { type: "transcript", role: "assistant", transcriptType: "partial", transcript: "Hel" });
    h.sdk.emit("message", { type: "transcript", role: "assistant", transcriptType: "final", transcript: "Hello!" });
    h.sdk.emit("message", { type: "status-update", status: "in-progress" });
    h.sdk.emit("message", { type: "transcript", role: "user", transcriptType: "final", transcript: "Hi there" });
    expect(h.controller.getState()).toMatchObject({
      assistantSpeaking: false,
      transcript: [
        { role: "assistant", text: "Hello!" },
        { role: "user", text: "Hi there" },
      ],
    });
    h.sdk.emit("call-end");
    expect(h.controller.getState()).toMatchObject({ volume: 0, assistantSpeaking: false, transcript: [] });
  });
});
