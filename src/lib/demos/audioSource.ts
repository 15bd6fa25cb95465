export interface AudioSource {
  src: string;
  /** MIME type with codecs, as canPlayType takes it. */
  type: string;
}

/**
 * The first source the browser says it can play ("probably" or "maybe"), else the last one
 * (the most widely supported format goes last), so the player always has something to try.
 */
export function pickAudioSource(sources: readonly AudioSource[], canPlayType: (type: string) => string): AudioSource | undefined {
  return sources.find((s) => canPlayType(s.type) !== "") ?? sources.at(-1);
}
