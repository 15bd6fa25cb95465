import { parsePasswordHash, type PasswordHash } from "./password";
import type { AuthSession, Profile } from "./types";

/** An account of the demo backend, kept in this browser's localStorage. */
export interface DemoAccount {
  id: string;
  email: string;
  fullName: string;
  role: string;
  createdAt: string;
  password: PasswordHash;
}

export const DEMO_KEYS = {
  accounts: "paphos-ai:demo-auth:accounts",
  session: "paphos-ai:demo-auth:session",
} as const;

/** The role a new profile gets, as the migration's column default gives it. */
export const DEFAULT_ROLE = "member";

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === "object" && value !== null;
const isString = (value: unknown): value is string => typeof value === "string";

/** Parses a stored JSON value; null when it is missing or not JSON. */
export function readJson(storage: Pick<Storage, "getItem">, key: string): unknown {
  const text = storage.getItem(key);
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The accounts stored in localStorage, skipping any entry with the wrong shape. */
export function parseAccounts(value: unknown): DemoAccount[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    if (!isRecord(entry)) return [];
    const { id, email, fullName, role, createdAt } = entry;
    const password = parsePasswordHash(entry["password"]);
    const ok = [id, email, fullName, role, createdAt].every(isString) && password;
    return ok ? [entry as unknown as DemoAccount] : [];
  });
}

/** The stored session, or null when it is missing or has the wrong shape. */
export function parseSession(value: unknown): AuthSession | null {
  if (!isRecord(value) || !isRecord(value["user"])) return null;
  const { accessToken, refreshToken, expiresAt } = value;
  const { id, email, fullName } = value["user"];
  if (![accessToken, refreshToken, id, email].every(isString)) return null;
  if (fullName !== null && !isString(fullName)) return null;
  if (expiresAt !== null && typeof expiresAt !== "number") return null;
  return value as unknown as AuthSession;
}

/** The profile row the migration's trigger would have created for the account. */
export function accountProfile(account: DemoAccount): Profile {
  return { id: account.id, full_name: account.fullName, role: account.role, created_at: account.createdAt };
}

/** Lower-cased and trimmed, so 'Ada@Example.com ' and 'ada@example.com' are one account. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();
