/** Formats a media position in seconds as m:ss (the audio player's elapsed and total time). */
export function formatClock(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** The same position spoken, for the player's accessible label ("1 minute 5 seconds"). */
export function spokenClock(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  return minutes > 0 ? `${unit(minutes, "minute")} ${unit(rest, "second")}` : unit(rest, "second");
}
