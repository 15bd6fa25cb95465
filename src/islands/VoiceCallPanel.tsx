import { useEffect, useRef } from "react";
import { stageLabel } from "../lib/voice/messages";
import type { VoiceState } from "../lib/voice/state";
import { toggleVoiceMute } from "../stores/voice";
import Icon from "../ui/Icon";

interface VoiceCallPanelProps {
  voice: VoiceState;
}

const SPEAKERS: Record<string, string> = { assistant: "Assistant", user: "You" };

function statusText({ status, stage }: VoiceState): string {
  if (status === "connecting") return `Connecting: ${stageLabel(stage)}...`;
  if (status === "ending") return "Ending the call...";
  return "Connected to the AI assistant";
}

/** The call dock at the bottom of the screen: status, mute, the assistant's level and the live transcript. */
export default function VoiceCallPanel({ voice }: VoiceCallPanelProps) {
  const logRef = useRef<HTMLOListElement>(null);
  const active = voice.status === "active";
  const level = Math.round(Math.min(1, Math.max(0, voice.volume)) * 100);

  // Keep the newest line in view.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [voice.transcript.length]);

  return (
    <div className="fixed inset-x-4 bottom-4 z-40 mx-auto max-w-md rounded-2xl border border-line bg-surface/95 p-4 text-left shadow-2xl backdrop-blur sm:inset-x-0">
      <p className="text-sm font-medium text-ink">
        {statusText(voice)}
      </p>
      {active && (
        <>
          <div className="mt-3 flex items-center gap-3">
            <button type="button" className="btn-secondary px-4 py-2 text-sm" onClick={toggleVoiceMute}>
              <Icon name="mic" className="size-4" />
              {voice.muted ? "Unmute" : "Mute"}
            </button>
            <div className="min-w-0 flex-1">
              <p className="text-sm text-muted">{voice.assistantSpeaking ? "Assistant speaking" : "Listening"}</p>
              <div
                role="meter"
                aria-label="Assistant voice level"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={level}
                className="mt-1 h-2 overflow-hidden rounded-full bg-surface-2"
              >
                <div className="h-full rounded-full bg-accent transition-[width] duration-100" style={{ width: `${level}%` }} />
              </div>
            </div>
          </div>
          <ol ref={logRef} role="log" aria-label="Live transcript" className="mt-3 max-h-40 space-y-1 overflow-y-auto text-sm">
            {voice.transcript.map((line, index) => (
              <li key={index}>
                <span className="font-semibold text-accent">{SPEAKERS[line.role] ?? line.role}:</span> {line.text}
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
