import { describe, expect, it } from "vitest";
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
