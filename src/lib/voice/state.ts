/** The voice call's state as the island shows it, and how transcript messages join it. */

export type VoiceStatus = "idle" | "connecting" | "active" | "ending";

export interface TranscriptLine {
  role: string;
  text: string;
}

export interface VoiceState {
  status: VoiceStatus;
  /** The latest 'call-start-progress' stage while connecting. */
  stage: string | null;
  muted: boolean;
  /** The assistant's voice level, 0 to 1. */
  volume: number;
  assistantSpeaking: boolean;
  /** Final transcript messages of the current call, oldest first. */
  transcript: TranscriptLine[];
}

export const IDLE_VOICE_STATE: VoiceState = {
  status: "idle",
  stage: null,
  muted: false,
  volume: 0,
  assistantSpeaking: false,
  transcript: [],
};

/** Transcript lines kept on screen; older ones scroll away. */
export const TRANSCRIPT_LIMIT = 50;

/** The transcript with a Vapi 'message' added when it is a final transcript; null for any other message. */
export function withFinalTranscript(transcript: TranscriptLine[], message: unknown): TranscriptLine[] | null {
  const m = (message ?? {}) as { type?: unknown; transcriptType?: unknown; role?: unknown; transcript?: unknown };
  if (m.type !== "transcript" || m.transcriptType !== "final" || typeof m.transcript !== "string") return null;
  const line = { role: typeof m.role === "string" ? m.role : "assistant", text: m.transcript };
  return [...transcript, line].slice(-TRANSCRIPT_LIMIT);
}
