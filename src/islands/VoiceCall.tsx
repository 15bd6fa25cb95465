import { useStore } from "@nanostores/react";
import type { VoiceConfig } from "../lib/voice/types";
import { $voice, endVoiceCall, startVoiceCall } from "../stores/voice";
import Icon from "../ui/Icon";
import Toaster from "../ui/Toaster";
import { useHydrated } from "../ui/useHydrated";
import VoiceCallPanel from "./VoiceCallPanel";

interface VoiceCallProps extends VoiceConfig {
  /** The idle button's text: 'Talk to the product (AI Voice)'. */
  label: string;
}

const ANNOUNCEMENTS = {
  idle: "",
  connecting: "Connecting to the AI assistant...",
  active: "Connected. The assistant is listening.",
  ending: "Ending the call...",
} as const;

/** The hero's voice button: starts a call with the AI assistant, then becomes its End call button. */
export default function VoiceCall({ label, publicKey, assistantId, apiUrl }: VoiceCallProps) {
  const voice = useStore($voice);
  // Disabled in the static HTML, where a click could do nothing; pressing it hydrates the island at once (client:painted).
  const live = useHydrated();
  const idle = voice.status === "idle";
  const ending = voice.status === "ending";

  const onClick = () => {
    if (idle) startVoiceCall({ publicKey, assistantId, apiUrl });
    else endVoiceCall();
  };

  return (
    <div>
      {/* One button throughout, so keyboard focus stays put while the call starts and ends. */}
      <button
        type="button"
        onClick={onClick}
        disabled={!live}
        aria-disabled={ending || undefined}
        className={
          idle
            ? "btn-secondary"
            : "inline-flex items-center justify-center gap-2 rounded-full bg-red-600 px-6 py-3 font-semibold text-white transition hover:bg-red-700 aria-disabled:cursor-wait aria-disabled:opacity-70"
        }
      >
        <Icon name={idle ? "mic" : "phone"} />
        {idle ? label : ending ? "Ending call..." : "End call"}
      </button>
      {/* Always in the page, so screen readers announce each change of the call's status. */}
      <p role="status" className="sr-only">
        {ANNOUNCEMENTS[voice.status]}
      </p>
      {!idle && <VoiceCallPanel voice={voice} />}
      <Toaster />
    </div>
  );
}
