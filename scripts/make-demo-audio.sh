#!/usr/bin/env bash
# Makes the demo recording of the AI voice callers page (public/audio/voice-agent-demo.{opus,mp3})
# from the transcript in src/content/services/voice-demo.ts, so the page's transcript is exactly
# what is heard. Needs Debian's espeak-ng, sox (with libsox-fmt-all) and opus-tools; CI does not
# run it: the generated files are committed.
set -euo pipefail

cd "$(dirname "$0")/.."
OUT=public/audio
NAME=voice-agent-demo
AGENT_VOICE="en-us+Annie"
CALLER_VOICE="en-gb+Andy"
RATE=48000
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for tool in espeak-ng sox opusenc; do
  command -v "$tool" >/dev/null || { echo "make-demo-audio: $tool is not installed" >&2; exit 1; }
done

# One "speaker<TAB>text" line a transcript line, read with the project's own Node (it strips TS types).
PATH="$PWD/node_modules/.bin:$PATH" node --input-type=module -e '
  const { voiceDemo } = await import("./src/content/services/voice-demo.ts");
  for (const line of voiceDemo.transcript) console.log(`${line.speaker}\t${line.text}`);
' >"$work/lines.tsv"

# A Cyprus ring-back tone (425 Hz) twice, then the call.
sox -n -r $RATE -c 1 "$work/ring.wav" synth 1.0 sine 425 gain -16 fade 0.02 1.0 0.05 pad 0 0.6
sox "$work/ring.wav" "$work/ring.wav" "$work/part-000.wav"
sox -n -r $RATE -c 1 "$work/gap.wav" trim 0 0.45

i=0
while IFS=$'\t' read -r speaker text; do
  i=$((i + 1))
  if [ "$speaker" = agent ]; then voice=$AGENT_VOICE; speed=165; filter=(highpass 120); else voice=$CALLER_VOICE; speed=170; filter=(sinc 300-3400); fi
  espeak-ng -v "$voice" -s "$speed" -w "$work/raw.wav" "$text"
  # The caller sounds like a phone line; the agent is heard clean, as on the agency's own system.
  sox "$work/raw.wav" -r $RATE -c 1 "$work/line.wav" "${filter[@]}" gain -n -4
  sox "$work/line.wav" "$work/gap.wav" "$work/part-$(printf %03d "$i").wav"
done <"$work/lines.tsv"

sox "$work"/part-*.wav -b 16 "$work/call.wav" gain -n -3
duration=$(soxi -D "$work/call.wav")
echo "make-demo-audio: ${duration}s"
awk -v d="$duration" 'BEGIN { exit (d < 60) ? 0 : 1 }' || { echo "make-demo-audio: longer than 60 s" >&2; exit 1; }

mkdir -p "$OUT"
opusenc --quiet --bitrate 24 --downmix-mono --title "AI voice agent demo call" "$work/call.wav" "$OUT/$NAME.opus"
sox "$work/call.wav" -r 22050 -C 32 "$OUT/$NAME.mp3"
ls -l "$OUT/$NAME.opus" "$OUT/$NAME.mp3"
