import { authMessages } from "./messages";
import { PBKDF2_ITERATIONS, decoyHash, hashPassword, verifyPassword } from "./password";
import {
  DEFAULT_ROLE,
  DEMO_KEYS,
  accountProfile,
  normalizeEmail,
  parseAccounts,
  parseSession,
  readJson,
  type DemoAccount,
} from "./demoRecords";
import type { AuthBackend, AuthError, AuthEvent, AuthListener, AuthSession } from "./types";

export interface DemoBackendOptions {
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem">;
  /** Calls back with the changed key when another tab writes to `storage` (null: storage cleared). */
  onExternalChange?: (listener: (key: string | null) => void) => () => void;
  iterations?: number;
  now?: () => number;
}

export const DEMO_SESSION_SECONDS = 7 * 24 * 60 * 60;
// What PostgREST answers when `.single()` finds no row the user may see.
const NO_ROW_MESSAGE = "Cannot coerce the result to a single JSON object";

/** The demo backend: accounts and the session live only in this browser; passwords are PBKDF2 hashes. */
export function createDemoBackend(options: DemoBackendOptions): AuthBackend {
  const { storage, iterations = PBKDF2_ITERATIONS, now = Date.now } = options;
  const listeners = new Set<AuthListener>();
  const emit = (event: AuthEvent, session: AuthSession | null) => {
    for (const listener of [...listeners]) listener(event, session);
  };
  const readAccounts = () => parseAccounts(readJson(storage, DEMO_KEYS.accounts));
  /** Runs a storage write; full or blocked storage becomes a message the visitor can act on. */
  const written = (write: () => void): AuthError | null => {
    try {
      write();
      return null;
    } catch {
      return { message: authMessages.storageUnavailable };
    }
  };
  const writeAccounts = (accounts: DemoAccount[]) => written(() => storage.setItem(DEMO_KEYS.accounts, JSON.stringify(accounts)));
  // Checked when no account matches, so an unknown e-mail costs the same hashing as a wrong password.
  const decoy = decoyHash(iterations);
  const readSession = () => {
    const session = parseSession(readJson(storage, DEMO_KEYS.session));
    return session && (session.expiresAt === null || session.expiresAt * 1000 > now()) ? session : null;
  };

  const signOutHere = () => {
    storage.removeItem(DEMO_KEYS.session);
    emit("SIGNED_OUT", null);
  };

  options.onExternalChange?.((key) => {
    if (key !== null && key !== DEMO_KEYS.session) return;
    const session = readSession();
    emit(session ? "SIGNED_IN" : "SIGNED_OUT", session);
  });

  return {
    mode: "demo",
    getSession: async () => readSession(),
    onAuthChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async signIn(email, password) {
      const account = readAccounts().find((a) => a.email === normalizeEmail(email));
      const matches = await verifyPassword(password, account?.password ?? decoy);
      if (!account || !matches) {
        return { data: null, error: { message: authMessages.invalidCredentials } };
      }
      const session: AuthSession = {
        user: { id: account.id, email: account.email, fullName: account.fullName },
        accessToken: crypto.randomUUID(),
        refreshToken: crypto.randomUUID(),
        expiresAt: Math.floor(now() / 1000) + DEMO_SESSION_SECONDS,
      };
      const failure = written(() => storage.setItem(DEMO_KEYS.session, JSON.stringify(session)));
      if (failure) return { data: null, error: failure };
      emit("SIGNED_IN", session);
      return { data: session, error: null };
    },
    async signUp(email, password, fullName) {
      const address = normalizeEmail(email);
      const taken = () => readAccounts().some((a) => a.email === address);
      if (taken()) return { error: { message: authMessages.userExists } };
      const hash = await hashPassword(password, iterations);
      const account: DemoAccount = {
        id: crypto.randomUUID(),
        email: address,
        fullName: fullName.trim(),
        role: DEFAULT_ROLE,
        createdAt: new Date(now()).toISOString(),
        password: hash,
      };
      // Checked again after the slow hash: another tab may have signed up meanwhile.
      if (taken()) return { error: { message: authMessages.userExists } };
      return { error: writeAccounts([...readAccounts(), account]) };
    },
    async signOut() {
      signOutHere();
      return { error: null };
    },
    // The demo has no server: every sign-out is local.
    signOutLocally: async () => signOutHere(),
    // Demo accounts have no e-mail behind them: nothing can be sent, so /login explains that instead of asking.
    resetPassword: async () => ({ error: { message: authMessages.recoveryUnavailable } }),
    async updatePassword(password) {
      const session = readSession();
      const accounts = readAccounts();
      const account = accounts.find((a) => a.id === session?.user.id);
      if (!account) return { error: { message: authMessages.noUser } };
      account.password = await hashPassword(password, iterations);
      return { error: writeAccounts(accounts) };
    },
    async fetchProfile(userId) {
      const account = readAccounts().find((a) => a.id === userId);
      if (!account) throw new Error(`No demo profile for user ${userId}`);
      return accountProfile(account);
    },
    async updateProfile(userId, changes) {
      // Like row-level security: only the signed-in user's own row can be changed.
      const accounts = readAccounts();
      const account = accounts.find((a) => a.id === userId);
      if (!account || readSession()?.user.id !== userId) return { data: null, error: { message: NO_ROW_MESSAGE } };
      if (typeof changes.full_name === "string") account.fullName = changes.full_name;
      const failure = writeAccounts(accounts);
      return failure ? { data: null, error: failure } : { data: accountProfile(account), error: null };
    },
  };
}

/** Options for the browser: localStorage, and the storage event that reports other tabs' writes. */
export function browserDemoOptions(): DemoBackendOptions {
  return {
    storage: window.localStorage,
    onExternalChange(listener) {
      const onStorage = (event: StorageEvent) => listener(event.key);
      window.addEventListener("storage", onStorage);
      return () => window.removeEventListener("storage", onStorage);
    },
  };
}
