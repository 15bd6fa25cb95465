import { useEffect, useRef, useState } from "react";
import { pickAudioSource, type AudioSource } from "../../lib/demos/audioSource";
import { formatClock, spokenClock } from "../../lib/demos/clock";
import { reportError } from "../../lib/report";
import Icon from "../../ui/Icon";

interface DemoRecordingProps {
  sources: readonly AudioSource[];
  playLabel: string;
  pauseLabel: string;
  progressLabel: string;
}

type Phase = "idle" | "playing" | "paused" | "failed";

/** Plays the bundled demo call. Nothing is fetched until the visitor presses play. */
export default function DemoRecording({ sources, playLabel, pauseLabel, progressLabel }: DemoRecordingProps) {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [phase, setPhase] = useState<Phase>("idle");
  const [elapsed, setElapsed] = useState(0);
  const [duration, setDuration] = useState(0);

  useEffect(() => () => audioRef.current?.pause(), []);

  /** Creates the audio element on the first press, inside the click, so the browser allows playback. */
  const audio = (): HTMLAudioElement | null => {
    if (audioRef.current) return audioRef.current;
    const element = new Audio();
    const source = pickAudioSource(sources, (type) => element.canPlayType(type));
    if (!source) return null;
    element.preload = "auto";
    element.addEventListener("loadedmetadata", () => setDuration(element.duration));
    element.addEventListener("timeupdate", () => setElapsed(element.currentTime));
    element.addEventListener("play", () => setPhase("playing"));
    element.addEventListener("pause", () => setPhase((p) => (p === "failed" ? p : "paused")));
    element.addEventListener("ended", () => setElapsed(0));
    element.addEventListener("error", () => {
      setPhase("failed");
      reportError(element.error ?? new Error("Demo recording failed to load"), "voice", { src: source.src });
    });
    element.src = source.src;
    audioRef.current = element;
    return element;
  };

  const toggle = () => {
    const element = audio();
    if (!element) return;
    if (!element.paused) {
      element.pause();
      return;
    }
    element.play().catch((error: unknown) => {
      // The error event has already reported a file that cannot load; this is a refused play().
      if (!element.error) reportError(error, "voice");
      setPhase("failed");
    });
  };

  const playing = phase === "playing";
  const percent = duration > 0 ? Math.min(100, (elapsed / duration) * 100) : 0;

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <button type="button" className="btn-primary shrink-0" onClick={toggle}>
        <Icon name={playing ? "pause" : "play"} className="size-4" />
        {playing ? pauseLabel : playLabel}
      </button>
      <div className="flex flex-1 items-center gap-3">
        <div
          role="progressbar"
          aria-label={progressLabel}
          aria-valuemin={0}
          aria-valuemax={Math.round(duration)}
          aria-valuenow={Math.floor(elapsed)}
          aria-valuetext={`${spokenClock(elapsed)} of ${duration > 0 ? spokenClock(duration) : "the recording"}`}
          className="h-2 flex-1 overflow-hidden rounded-full bg-surface-2"
        >
          {/* No style attribute in the static HTML (the CSP allows none); the width is set through the CSSOM once playing. */}
          <div className="h-full w-0 rounded-full bg-accent" style={percent > 0 ? { width: `${percent}%` } : undefined} />
        </div>
        <p className="w-24 text-end text-sm text-muted tabular-nums">
          <span data-testid="elapsed">{formatClock(elapsed)}</span>
          {duration > 0 && ` / ${formatClock(duration)}`}
        </p>
      </div>
      {phase === "failed" && (
        <p role="alert" className="text-sm text-danger">
          The recording could not be played in this browser. The transcript below has every word of the call.
        </p>
      )}
    </div>
  );
}
