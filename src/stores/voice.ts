import { atom } from "nanostores";
import { createVoiceController } from "../lib/voice/controller";
import { IDLE_VOICE_STATE, type VoiceState } from "../lib/voice/state";
import type { VoiceConfig } from "../lib/voice/types";
import { loadVapi, requestMicrophone } from "../lib/voice/vapi";
import { reportError } from "../lib/report";
import { showToast } from "./toasts";

/** The page's voice call: status, connecting stage, mute, assistant level and speech, transcript. */
export const $voice = atom<VoiceState>(IDLE_VOICE_STATE);

// One controller, so one SDK instance, for the life of the page: islands re-render, this stays.
const controller = createVoiceController({
  loadSdk: loadVapi,
  requestMicrophone,
  onState: (state) => $voice.set(state),
  notify: showToast,
  report: (error, extra) => reportError(error, "voice", extra),
});

/** Starts the voice call (from the click: the microphone prompt needs the gesture). */
export function startVoiceCall(config: VoiceConfig): void {
  void controller.start(config);
}

/** Ends the call, or cancels it while connecting. */
export function endVoiceCall(): void {
  void controller.end();
}

/** Mutes or unmutes the visitor's microphone. */
export function toggleVoiceMute(): void {
  controller.toggleMute();
}
