/** The voice call's configuration and the slice of the Vapi web SDK the controller uses. */

export interface VoiceConfig {
  /** PUBLIC_VAPI_PUBLIC_KEY */
  publicKey?: string | undefined;
  /** PUBLIC_VAPI_ASSISTANT_ID */
  assistantId?: string | undefined;
  /** PUBLIC_VAPI_API_URL: a proxy or a test server, passed to the SDK as apiBaseUrl. */
  apiUrl?: string | undefined;
}

type Listener<Args extends unknown[]> = (...args: Args) => void;

/** The part of @vapi-ai/web's Vapi class the controller relies on (a fake one in unit tests). */
export interface VoiceSdk {
  on(event: "call-start" | "call-end" | "speech-start" | "speech-end", listener: Listener<[]>): unknown;
  on(event: "volume-level", listener: Listener<[volume: number]>): unknown;
  on(event: "call-start-progress", listener: Listener<[progress: { stage: string }]>): unknown;
  on(event: "call-start-failed", listener: Listener<[failure: { error: unknown }]>): unknown;
  on(event: "message" | "error", listener: Listener<[payload: unknown]>): unknown;
  /** Resolves with the call, or null when it could not start. */
  start(assistantId: string): Promise<unknown>;
  stop(): Promise<void>;
  /** Throws 'Call object is not available.' without a call. */
  setMuted(muted: boolean): void;
}

/** Builds the one SDK instance of the page; throws when the client cannot be initialised. */
export type VoiceSdkFactory = (config: Required<Pick<VoiceConfig, "publicKey">> & VoiceConfig) => VoiceSdk;
