import { vi } from "vitest";
import { createVoiceController, type VoiceControllerDeps } from "./controller";
import type { VoiceNotice } from "./messages";
import type { VoiceState } from "./state";
import type { VoiceConfig, VoiceSdk, VoiceSdkFactory } from "./types";

type AnyListener = (...args: never[]) => void;

/** A stand-in for the Vapi SDK in unit tests: start() waits until the test settles it, events are emitted by hand. */
export class FakeSdk implements VoiceSdk {
  private listeners = new Map<string, AnyListener[]>();
  private settle: ((call: unknown) => void) | null = null;
  private hasCall = false;
  startCalls: string[] = [];
  stopCalls = 0;
  mutedCalls: boolean[] = [];

  on(event: string, listener: AnyListener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
  }

  start(assistantId: string): Promise<unknown> {
    this.startCalls.push(assistantId);
    return new Promise((resolve) => {
      this.settle = resolve;
    });
  }

  /** Settles the pending start() with a call object (or null, as the SDK does on failure). */
  resolveStart(call: unknown = { id: "call-1" }): void {
    this.hasCall = call !== null;
    this.settle?.(call);
    this.settle = null;
  }

  async stop(): Promise<void> {
    this.stopCalls += 1;
    this.hasCall = false;
  }

  setMuted(muted: boolean): void {
    if (!this.hasCall) throw new Error("Call object is not available.");
    this.mutedCalls.push(muted);
  }
}

/** A controller wired to a FakeSdk, recording every state, toast and report. */
export function voiceHarness(overrides: Partial<VoiceControllerDeps> = {}) {
  const sdk = new FakeSdk();
  const states: VoiceState[] = [];
  const notices: VoiceNotice[] = [];
  const reports: { error: Error; extra: Record<string, unknown> }[] = [];
  const factory = vi.fn<VoiceSdkFactory>(() => sdk);
  const loadSdk = vi.fn<() => Promise<VoiceSdkFactory>>(async () => factory);
  const deps = {
    loadSdk,
    requestMicrophone: vi.fn(async () => undefined),
    onState: (state: VoiceState) => void states.push(state),
    notify: (notice: VoiceNotice) => void notices.push(notice),
    report: (error: Error, extra: Record<string, unknown>) => void reports.push({ error, extra }),
    ...overrides,
  };
  const controller = createVoiceController(deps);
  /** The distinct statuses the controller went through, in order. */
  const statuses = () => states.map((s) => s.status).filter((s, i, all) => s !== all[i - 1]);
  /** Starts a call and brings it to active. */
  const startActive = async (config: VoiceConfig) => {
    const started = controller.start(config);
    await flush();
    sdk.resolveStart();
    await started;
  };
  return { controller, sdk, deps, loadSdk, factory, states, notices, reports, statuses, startActive };
}

/** Lets awaited promises (the import, the microphone) settle. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
