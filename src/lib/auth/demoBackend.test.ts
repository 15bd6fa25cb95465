import { describe, expect, it, vi } from "vitest";
import { createDemoBackend } from "./demoBackend";
import { DEMO_KEYS } from "./demoRecords";
import type { AuthEvent, AuthSession } from "./types";

/** A Storage stand-in shared by several "tabs", with the storage event delivered to the other tabs. */
function browser() {
  const items = new Map<string, string>();
  const tabs = new Set<(key: string | null) => void>();
  const tab = () => {
    let self: ((key: string | null) => void) | undefined;
    const notifyOthers = (key: string) => {
      for (const listener of tabs) if (listener !== self) listener(key);
    };
    return createDemoBackend({
      iterations: 1_000,
      storage: {
        getItem: (key) => items.get(key) ?? null,
        setItem: (key, value) => {
          items.set(key, value);
          notifyOthers(key);
        },
        removeItem: (key) => {
          items.delete(key);
          notifyOthers(key);
        },
      },
      onExternalChange(listener) {
        self = listener;
        tabs.add(listener);
        return () => tabs.delete(listener);
      },
    });
  };
  return { items, tab };
}

describe("demo backend", () => {
  it("signs up without signing in, and stores no password text", async () => {
    const { items, tab } = browser();
    const backend = tab();
    await expect(backend.signUp("Ada@Example.com ", "secret1", "Ada Lovelace")).resolves.toEqual({ error: null });
    expect(await backend.getSession()).toBeNull();
    expect(items.get(DEMO_KEYS.accounts)).not.toContain("secret1");
    expect(items.get(DEMO_KEYS.accounts)).toContain("ada@example.com");
  });

  it("answers a duplicate sign-up and wrong credentials with Supabase's messages", async () => {
    const backend = browser().tab();
    await backend.signUp("ada@example.com", "secret1", "Ada");
    expect(await backend.signUp("ADA@example.com", "other12", "Ada")).toEqual({ error: { message: "User already registered" } });
    expect(await backend.signIn("ada@example.com", "wrong12")).toEqual({ data: null, error: { message: "Invalid login credentials" } });
    expect(await backend.signIn("bob@example.com", "secret1")).toEqual({ data: null, error: { message: "Invalid login credentials" } });
  });

  it("signs in, keeps the session, gives the profile, and signs out", async () => {
    const backend = browser().tab();
    const events: [AuthEvent, AuthSession | null][] = [];
    backend.onAuthChange((event, session) => events.push([event, session]));
    await backend.signUp("ada@example.com", "secret1", "Ada Lovelace");
    const { data: session } = await backend.signIn("ada@example.com", "secret1");
    expect(session?.user).toMatchObject({ email: "ada@example.com", fullName: "Ada Lovelace" });
    expect(await backend.getSession()).toEqual(session);
    expect(events).toEqual([["SIGNED_IN", session]]);
    const profile = await backend.fetchProfile(session!.user.id);
    expect(profile).toMatchObject({ id: session!.user.id, full_name: "Ada Lovelace", role: "member" });
    await backend.signOut();
    expect(await backend.getSession()).toBeNull();
    expect(events.at(-1)).toEqual(["SIGNED_OUT", null]);
  });

  it("updates only the signed-in user's own profile", async () => {
    const backend = browser().tab();
    await backend.signUp("ada@example.com", "secret1", "Ada");
    await backend.signUp("bob@example.com", "secret1", "Bob");
    const { data: session } = await backend.signIn("ada@example.com", "secret1");
    const own = await backend.updateProfile(session!.user.id, { full_name: "Ada King" });
    expect(own.data?.full_name).toBe("Ada King");
    const bobId = (await backend.signIn("bob@example.com", "secret1")).data!.user.id;
    await backend.signIn("ada@example.com", "secret1");
    expect((await backend.updateProfile(bobId, { full_name: "Mallory" })).error).not.toBeNull();
    expect((await backend.fetchProfile(bobId)).full_name).toBe("Bob");
  });

  it("follows sign-in and sign-out done in another tab", async () => {
    const { tab } = browser();
    const first = tab();
    const second = tab();
    const seen: AuthEvent[] = [];
    second.onAuthChange((event) => seen.push(event));
    await first.signUp("ada@example.com", "secret1", "Ada");
    const { data: session } = await first.signIn("ada@example.com", "secret1");
    expect(await second.getSession()).toEqual(session);
    await first.signOut();
    expect(seen).toEqual(["SIGNED_IN", "SIGNED_OUT"]);
  });

  it("forgets an expired or malformed session", async () => {
    const { items, tab } = browser();
    items.set(DEMO_KEYS.session, JSON.stringify({ user: { id: "u", email: "a@b.cy", fullName: null }, accessToken: "t", refreshToken: "r", expiresAt: 1 }));
    expect(await tab().getSession()).toBeNull();
    items.set(DEMO_KEYS.session, "{not json");
    expect(await tab().getSession()).toBeNull();
  });
});

describe("demo backend hardening", () => {
  const STORAGE_MESSAGE =
    "This browser did not let the demo save your account: its storage is full or blocked. Free some space or allow site data for this site, then try again.";

  /** A storage whose writes throw as a full (QuotaExceededError) or blocked (SecurityError) one does. */
  function failingStorage(name: "QuotaExceededError" | "SecurityError", items = new Map<string, string>()) {
    return {
      items,
      getItem: (key: string) => items.get(key) ?? null,
      setItem: () => {
        throw new DOMException("storage refused the write", name);
      },
      removeItem: (key: string) => void items.delete(key),
    };
  }

  it.each(["QuotaExceededError", "SecurityError"] as const)("%s on sign-up, sign-in and profile update gives a clear message", async (name) => {
    const { items, tab } = browser();
    const healthy = tab();
    await healthy.signUp("ada@example.com", "secret1", "Ada");
    const { data: session } = await healthy.signIn("ada@example.com", "secret1");
    const storage = failingStorage(name, items);
    const backend = createDemoBackend({ iterations: 1_000, storage });
    expect(await backend.signUp("bob@example.com", "secret1", "Bob")).toEqual({ error: { message: STORAGE_MESSAGE } });
    expect(await backend.signIn("ada@example.com", "secret1")).toEqual({ data: null, error: { message: STORAGE_MESSAGE } });
    expect(await backend.updateProfile(session!.user.id, { full_name: "Ada King" })).toEqual({ data: null, error: { message: STORAGE_MESSAGE } });
  });

  it("refuses a stored account whose hash asks for an out-of-range iteration count, without running it", async () => {
    const { items, tab } = browser();
    await tab().signUp("ada@example.com", "secret1", "Ada");
    const accounts = JSON.parse(items.get(DEMO_KEYS.accounts)!) as { password: { iterations: number } }[];
    accounts[0]!.password.iterations = 1e12;
    items.set(DEMO_KEYS.accounts, JSON.stringify(accounts));
    const derive = vi.spyOn(crypto.subtle, "deriveBits");
    expect(await tab().signIn("ada@example.com", "secret1")).toEqual({ data: null, error: { message: "Invalid login credentials" } });
    expect(derive.mock.calls.map(([params]) => (params as Pbkdf2Params).iterations)).toEqual([1_000]);
    derive.mockRestore();
  });

  it("spends the same hashing on an unknown e-mail as on a wrong password", async () => {
    const backend = browser().tab();
    await backend.signUp("ada@example.com", "secret1", "Ada");
    const derive = vi.spyOn(crypto.subtle, "deriveBits");
    await backend.signIn("ada@example.com", "wrong12");
    await backend.signIn("nobody@example.com", "wrong12");
    const rounds = derive.mock.calls.map(([params]) => (params as Pbkdf2Params).iterations);
    expect(rounds).toEqual([1_000, 1_000]);
    derive.mockRestore();
  });

  it("sends no reset e-mail (there is none to send to), and changes the signed-in user's password", async () => {
    const { tab } = browser();
    const backend = tab();
    await backend.signUp("ada@example.com", "secret1", "Ada Lovelace");
    expect(await backend.resetPassword("ada@example.com", "https://site.test/login")).toEqual({
      error: { message: expect.stringContaining("Demo accounts live in this browser only") },
    });
    expect(await backend.updatePassword("secret2")).toEqual({ error: { message: "No user logged in" } });
    await backend.signIn("ada@example.com", "secret1");
    expect(await backend.updatePassword("secret2")).toEqual({ error: null });
    await backend.signOut();
    expect((await backend.signIn("ada@example.com", "secret1")).error).toEqual({ message: "Invalid login credentials" });
    expect((await backend.signIn("ada@example.com", "secret2")).error).toBeNull();
  });
});

