/**
 * The demo recording on the AI voice callers page. scripts/make-demo-audio.sh speaks these
 * lines with two synthetic voices, so the transcript on the page is exactly what is heard.
 */

export interface TranscriptLine {
  speaker: "agent" | "caller";
  text: string;
}

export const voiceDemo = {
  title: "Hear a demo call",
  lead: "A restaurant's AI voice agent takes a table booking. Both voices are synthetic.",
  button: "Play Demo Recording",
  pauseButton: "Pause Demo Recording",
  /** Accessible name of the player's time display. */
  progressLabel: "Demo recording progress",
  sources: [
    { src: "/audio/voice-agent-demo.opus", type: "audio/ogg; codecs=opus" },
    { src: "/audio/voice-agent-demo.mp3", type: "audio/mpeg" },
  ],
  speakers: { agent: "AI agent", caller: "Caller" },
  transcriptLabel: "Read the transcript",
  transcript: [
    { speaker: "agent", text: "Good evening, thank you for calling Harbour Meze in Paphos. This is Sofia, the restaurant's virtual assistant. How can I help you?" },
    { speaker: "caller", text: "Hi. I'd like to book a table for four people this Friday." },
    { speaker: "agent", text: "Of course. What time would you like on Friday?" },
    { speaker: "caller", text: "Around eight in the evening, if you have something." },
    { speaker: "agent", text: "I have a table for four at eight o'clock on the terrace, with a view of the harbour. Shall I book it for you?" },
    { speaker: "caller", text: "Yes, please. The name is Nikos." },
    { speaker: "agent", text: "Thank you, Nikos. Your table for four is booked for Friday at eight p.m. I will send a confirmation by text message. Is there anything else I can help with?" },
    { speaker: "caller", text: "No, that's everything. Thanks!" },
    { speaker: "agent", text: "You're welcome. Enjoy your evening, and see you on Friday!" },
  ] satisfies TranscriptLine[],
} as const;
