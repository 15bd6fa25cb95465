/** A password as the demo backend keeps it: a salted PBKDF2-SHA-256 hash, never the text. */
export interface PasswordHash {
  algorithm: "PBKDF2-SHA-256";
  iterations: number;
  /** Base64 of the 16-byte random salt. */
  salt: string;
  /** Base64 of the 32-byte derived key. */
  hash: string;
}

// OWASP's 2023 recommendation for PBKDF2-HMAC-SHA256.
export const PBKDF2_ITERATIONS = 600_000;
/**
 * The iteration counts a stored hash may ask for. Anything else is refused, not run: storage is
 * writable by any script of the origin, and a count of billions would freeze the tab.
 */
export const ITERATION_RANGE = { min: 1_000, max: 2 * PBKDF2_ITERATIONS } as const;
const KEY_BITS = 256;
const SALT_BYTES = 16;

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, KEY_BITS);
  return new Uint8Array(bits);
}

/** Hashes a password with a fresh random salt. */
export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<PasswordHash> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, iterations);
  return { algorithm: "PBKDF2-SHA-256", iterations, salt: toBase64(salt), hash: toBase64(hash) };
}

/** Whether the password matches the stored hash; compares every byte so timing says nothing. */
export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  if (!parsePasswordHash(stored)) return false;
  const expected = fromBase64(stored.hash);
  const actual = await derive(password, fromBase64(stored.salt), stored.iterations);
  let difference = expected.length ^ actual.length;
  for (let i = 0; i < expected.length; i += 1) difference |= (expected[i] ?? 0) ^ (actual[i] ?? 0);
  return difference === 0;
}

/**
 * A hash no password matches, with `iterations` rounds: checking a password against it costs what
 * checking a real account costs, so an unknown e-mail answers as slowly as a wrong password.
 */
export function decoyHash(iterations = PBKDF2_ITERATIONS): PasswordHash {
  const random = (bytes: number) => toBase64(crypto.getRandomValues(new Uint8Array(bytes)));
  return { algorithm: "PBKDF2-SHA-256", iterations, salt: random(SALT_BYTES), hash: random(KEY_BITS / 8) };
}

const isBase64 = (value: unknown): value is string => typeof value === "string" && /^[A-Za-z0-9+/]+={0,2}$/.test(value);

/** Reads a stored hash back from untrusted storage; null when it has the wrong shape or an out-of-range iteration count. */
export function parsePasswordHash(value: unknown): PasswordHash | null {
  const v = (value ?? {}) as Record<string, unknown>;
  const iterations = v["iterations"];
  const ok =
    v["algorithm"] === "PBKDF2-SHA-256" &&
    Number.isSafeInteger(iterations) &&
    (iterations as number) >= ITERATION_RANGE.min &&
    (iterations as number) <= ITERATION_RANGE.max &&
    isBase64(v["salt"]) &&
    isBase64(v["hash"]);
  return ok ? (value as PasswordHash) : null;
}
