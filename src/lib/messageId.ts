/** A random UUID (v4) for a message or booking; getRandomValues where randomUUID is missing (pages served over plain http). */
export function randomId(cryptoImpl: Pick<Crypto, "getRandomValues"> & Partial<Pick<Crypto, "randomUUID">> = crypto): string {
  if (cryptoImpl.randomUUID) return cryptoImpl.randomUUID();
  const bytes = cryptoImpl.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The id of one message's delivery attempts, tied to what it says. */
export interface Draft {
  id: string;
  /** The content the id was made for. */
  key: string;
}

/**
 * The id to send `content` with: the previous draft's id while the content is unchanged (a retry,
 * so the receiver can drop the duplicate), a new one as soon as it differs (a different message).
 */
export function draftFor(previous: Draft | null, content: unknown, newId: () => string = randomId): Draft {
  const key = JSON.stringify(content);
  return previous?.key === key ? previous : { id: newId(), key };
}
