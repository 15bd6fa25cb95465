/** What the visitor is told when the voice call cannot start, and how SDK errors are read. */

export interface VoiceNotice {
  title: string;
  description: string;
  variant: "destructive";
}

/** What an error report of the voice call carries: the readable message (the SDK's payload goes beside it). */
export class VoiceCallError extends Error {
  override name = "VoiceCallError";
}

/** The SDK could not be constructed: the visitor sees the Initialization Error toast. */
export class InitError extends VoiceCallError {}

export const UNKNOWN_ERROR = "Unknown error";
/** The SDK's own message when a call control is used without a call. */
export const CALL_OBJECT_UNAVAILABLE = "Call object is not available.";
export const MICROPHONE_HELP =
  "Microphone access is blocked: allow the microphone for this site (the icon at the left of the address bar, or your browser's site settings), then try again.";

/** The toast when the public key or the assistant is missing, or the SDK cannot be constructed. */
export const INIT_ERROR_NOTICE: VoiceNotice = {
  title: "Initialization Error",
  description: "Vapi client failed to initialize. Please check your public key.",
  variant: "destructive",
};

/** The toast when a call fails to start; a denied microphone adds how to allow it again. */
export function startFailedNotice(message: string, microphoneDenied = false): VoiceNotice {
  // A message's own final full stop would double the one the sentence adds.
  const reason = message.replace(/[.\s]+$/, "") || UNKNOWN_ERROR;
  const description = `Failed to start voice call: ${reason}. Please check your Vapi credentials.`;
  return {
    title: "Voice Call Error",
    description: microphoneDenied ? `${description} ${MICROPHONE_HELP}` : description,
    variant: "destructive",
  };
}

/** The toast when a call in progress breaks, or a call control fails. */
export function callErrorNotice(message: string): VoiceNotice {
  return { title: "Voice Call Error", description: message || UNKNOWN_ERROR, variant: "destructive" };
}

const MESSAGE_KEYS = ["message", "errorMsg", "msg", "error"] as const;

/**
 * A readable message from whatever the SDK or the browser threw or emitted: an Error, a string,
 * an API error body ({ message }), a Daily error ({ errorMsg }) or the SDK's { error: ... } wrappers.
 */
export function describeVoiceError(value: unknown, depth = 0): string {
  if (typeof value === "string") return value.trim() || UNKNOWN_ERROR;
  if (value instanceof Error) return value.message || value.name || UNKNOWN_ERROR;
  if (Array.isArray(value) && value.length > 0 && depth < 4) {
    return value.map((item) => describeVoiceError(item, depth + 1)).join("; ");
  }
  if (value && typeof value === "object" && depth < 4) {
    const record = value as Record<string, unknown>;
    for (const key of MESSAGE_KEYS) {
      const found = record[key];
      if (found !== undefined && found !== null && found !== "") return describeVoiceError(found, depth + 1);
    }
  }
  return UNKNOWN_ERROR;
}

/** Whether the visitor (or the browser) refused the microphone. */
export function isMicrophoneDenied(error: unknown): boolean {
  const name = error && typeof error === "object" ? (error as { name?: unknown }).name : undefined;
  return name === "NotAllowedError" || name === "PermissionDeniedError";
}

/** Every string inside an SDK payload, a few levels deep. */
function strings(value: unknown, depth = 0): string[] {
  if (typeof value === "string") return [value];
  if (!value || typeof value !== "object" || depth > 4) return [];
  return Object.values(value as Record<string, unknown>).flatMap((item) => strings(item, depth + 1));
}

/** Daily's 'Meeting has ended' and 'ejected' errors: the assistant or the server ended the call. */
export function isNormalEnd(payload: unknown): boolean {
  return strings(payload).some((text) => /meeting has ended|^ejected$/i.test(text));
}

/** SDK error types that do not end a call (the SDK carries on without the feature). */
const NON_FATAL_TYPES = new Set([
  "video-recording-setup-error",
  "audio-observer-setup-error",
  "audio-processing-setup-error",
  "audio-processor-recovery-error",
  "audio-start-failed",
]);

/** Whether an SDK 'error' payload is one the call survives. */
export function isNonFatal(payload: unknown): boolean {
  const type = payload && typeof payload === "object" ? (payload as { type?: unknown }).type : undefined;
  return typeof type === "string" && NON_FATAL_TYPES.has(type);
}

const STAGE_LABELS: Record<string, string> = {
  initialization: "Starting",
  "web-call-creation": "Creating the call",
  "daily-call-object-creation": "Preparing audio",
  "mobile-permissions": "Checking microphone permission",
  "daily-call-join": "Joining the call",
  "video-recording-setup": "Setting up the call",
  "audio-observer-setup": "Setting up audio",
  "audio-processing-setup": "Setting up noise cancellation",
};

/** A visitor-facing label of a 'call-start-progress' stage. */
export function stageLabel(stage: string | null): string {
  if (!stage) return "Connecting";
  return STAGE_LABELS[stage] ?? stage.replace(/-/g, " ");
}
