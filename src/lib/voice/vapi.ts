import type { VoiceSdk, VoiceSdkFactory } from "./types";

/**
 * Downloads @vapi-ai/web (and Daily with it) on demand: only this dynamic import refers to it,
 * so none of it is in a page's initial JavaScript.
 */
export async function loadVapi(): Promise<VoiceSdkFactory> {
  const sdk = await import("@vapi-ai/web");
  // The SDK ships as CommonJS: with the bundler's Node-style interop the class is `default.default`.
  const Vapi = (sdk.default as unknown as { default?: typeof sdk.default }).default ?? sdk.default;
  // avoidEval: Daily loads its call engine as a script file instead of eval(), so a strict CSP holds.
  // The SDK appends paths such as /call/web to apiBaseUrl as they are, so a trailing slash would double.
  return ({ publicKey, apiUrl }) =>
    new Vapi(publicKey, apiUrl?.replace(/\/+$/, "") || undefined, { avoidEval: true }) satisfies VoiceSdk;
}

/** Asks for the microphone (the browser's prompt), then releases it: the SDK opens its own track. */
export async function requestMicrophone(): Promise<void> {
  if (!navigator.mediaDevices?.getUserMedia) {
    throw new Error("This browser does not allow microphone access on this page");
  }
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  for (const track of stream.getTracks()) track.stop();
}
