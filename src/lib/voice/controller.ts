import {
  CALL_OBJECT_UNAVAILABLE,
  INIT_ERROR_NOTICE,
  InitError,
  VoiceCallError,
  callErrorNotice,
  describeVoiceError,
  isMicrophoneDenied,
  isNonFatal,
  isNormalEnd,
  startFailedNotice,
  type VoiceNotice,
} from "./messages";
import { withinTime } from "../withinTime";
import { IDLE_VOICE_STATE, withFinalTranscript, type VoiceState } from "./state";
import type { VoiceConfig, VoiceSdk, VoiceSdkFactory } from "./types";

/** How long a start may take, from the click to a joined call (SDK download, microphone prompt, /call/web, join). */
export const START_TIMEOUT_MS = 30_000;
/** The reason shown when a start took longer than START_TIMEOUT_MS. */
export const START_TIMEOUT_MESSAGE = `The call did not connect within ${START_TIMEOUT_MS / 1000} seconds`;

// What the start sequence returns when End was pressed before the SDK's start() was called.
const CANCELLED = Symbol("cancelled");

export interface VoiceControllerDeps {
  /** Imports the SDK (the first click pays for it, not the page load). */
  loadSdk: () => Promise<VoiceSdkFactory>;
  /** Asks for the microphone; called synchronously inside the click so the browser sees the gesture. */
  requestMicrophone: () => Promise<void>;
  onState: (state: VoiceState) => void;
  notify: (notice: VoiceNotice) => void;
  report: (error: Error, extra: Record<string, unknown>) => void;
}

/**
 * The page's one voice call: idle -> connecting -> active -> ending -> idle around a single SDK
 * instance, created on the first start and kept for the life of the page.
 */
export function createVoiceController(deps: VoiceControllerDeps) {
  let state = IDLE_VOICE_STATE;
  let sdk: VoiceSdk | null = null;
  // While the SDK's start() is pending, its failure events are collected and decided when it settles.
  let starting = false;
  let startFailures: unknown[] = [];
  let cancelRequested = false;

  const set = (patch: Partial<VoiceState>) => {
    state = { ...state, ...patch };
    deps.onState(state);
  };
  const toIdle = () => set(IDLE_VOICE_STATE);
  const inCall = () => state.status === "active" || state.status === "ending";
  const report = (message: string, payload: unknown) => deps.report(new VoiceCallError(message), { vapi: payload });
  const stopQuietly = (instance: VoiceSdk) =>
    instance.stop().catch((error: unknown) => report(describeVoiceError(error), error));

  function listen(instance: VoiceSdk) {
    instance.on("call-start-progress", ({ stage }) => {
      if (state.status === "connecting") set({ stage });
    });
    instance.on("call-start-failed", (failure) => {
      if (starting) startFailures.push(failure.error);
    });
    instance.on("error", (payload) => {
      if (isNonFatal(payload)) return report(describeVoiceError(payload), payload);
      if (starting) return void startFailures.push(payload);
      if (!inCall()) return undefined;
      if (isNormalEnd(payload)) return toIdle();
      const message = describeVoiceError(payload);
      report(message, payload);
      deps.notify(callErrorNotice(`The voice call ended unexpectedly: ${message}`));
      toIdle();
      return void stopQuietly(instance);
    });
    instance.on("call-end", () => {
      if (inCall()) toIdle();
    });
    instance.on("volume-level", (volume) => {
      if (inCall()) set({ volume });
    });
    instance.on("speech-start", () => inCall() && set({ assistantSpeaking: true }));
    instance.on("speech-end", () => inCall() && set({ assistantSpeaking: false }));
    instance.on("message", (message) => {
      const transcript = inCall() && withFinalTranscript(state.transcript, message);
      if (transcript) set({ transcript });
    });
  }

  async function ensureSdk(config: VoiceConfig & { publicKey: string }): Promise<VoiceSdk> {
    if (sdk) return sdk;
    const factory = await deps.loadSdk();
    if (sdk) return sdk;
    try {
      sdk = factory(config);
    } catch (error) {
      throw new InitError(describeVoiceError(error), { cause: error });
    }
    listen(sdk);
    return sdk;
  }

  /** Ends a start that failed: the first payload names the reason, all of them go into the report. */
  function fail(payloads: unknown[]) {
    const [first] = payloads;
    const message = describeVoiceError(first);
    const denied = isMicrophoneDenied(first);
    if (!denied) deps.report(new VoiceCallError(message), { vapi: payloads.length > 1 ? payloads : (first ?? null) });
    if (!cancelRequested) deps.notify(first instanceof InitError ? INIT_ERROR_NOTICE : startFailedNotice(message, denied));
    toIdle();
  }

  /**
   * After a start timed out: tells the SDK to stop (so a new start is possible), and ends a call
   * that still connects late, since nobody is waiting for it any more.
   */
  function abandon(pending: Promise<unknown> | undefined) {
    if (!sdk) return;
    const instance = sdk;
    void stopQuietly(instance);
    void pending?.then(
      (late) => late && state.status === "idle" && stopQuietly(instance),
      () => undefined,
    );
  }

  /** Starts a call; does nothing while one is connecting or active. Gives up after START_TIMEOUT_MS. Never rejects. */
  async function start(config: VoiceConfig): Promise<void> {
    if (state.status !== "idle") return;
    const { publicKey, assistantId } = config;
    if (!publicKey || !assistantId) return deps.notify(INIT_ERROR_NOTICE);
    cancelRequested = false;
    startFailures = [];
    set({ ...IDLE_VOICE_STATE, status: "connecting" });
    const microphone = deps.requestMicrophone();
    let pending: Promise<unknown> | undefined;
    let gaveUp = false;
    // Up to the SDK's start(): a step that finishes after the time-out starts nothing more.
    const connect = async () => {
      const [instance] = await Promise.all([ensureSdk({ ...config, publicKey }), microphone]);
      if (cancelRequested || gaveUp) return CANCELLED;
      starting = true;
      pending = instance.start(assistantId);
      return pending;
    };
    let call: unknown;
    try {
      call = await withinTime(connect(), START_TIMEOUT_MS, () => {
        gaveUp = true;
        return new VoiceCallError(START_TIMEOUT_MESSAGE);
      });
      if (call === CANCELLED) return toIdle();
    } catch (error) {
      if (gaveUp) abandon(pending);
      return fail([error]);
    } finally {
      starting = false;
    }
    if (startFailures.length > 0 || !call) {
      if (call && sdk) void stopQuietly(sdk);
      return fail(startFailures.length > 0 ? startFailures : [null]);
    }
    if (!cancelRequested) return set({ status: "active", stage: null });
    if (sdk) await stopQuietly(sdk);
    return toIdle();
  }

  /** Ends the call; while connecting, cancels it as soon as the SDK's start settles. */
  async function end(): Promise<void> {
    if (state.status === "connecting") {
      cancelRequested = true;
      return set({ status: "ending" });
    }
    if (state.status !== "active" || !sdk) return undefined;
    set({ status: "ending" });
    await stopQuietly(sdk);
    // The SDK's 'call-end' usually got there first.
    if (inCall()) toIdle();
    return undefined;
  }

  /** Mutes or unmutes the microphone; without a call the SDK's error becomes a toast. */
  function toggleMute(): void {
    const muted = !state.muted;
    try {
      if (!sdk) throw new Error(CALL_OBJECT_UNAVAILABLE);
      sdk.setMuted(muted);
      set({ muted });
    } catch (error) {
      const message = describeVoiceError(error);
      report(message, error);
      deps.notify(callErrorNotice(message));
    }
  }

  return { start, end, toggleMute, getState: () => state };
}
