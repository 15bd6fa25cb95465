import { describe, expect, it, vi } from "vitest";
import { SESSION_TIMEOUT_MS, createAuthStore, type AuthState } from "./authStore";
import type { AuthBackend, AuthListener, AuthSession, Profile } from "./types";

const session = (id: string, token = `token-${id}`): AuthSession => ({
  user: { id, email: `${id}@example.com`, fullName: id.toUpperCase() },
  accessToken: token,
  refreshToken: `refresh-${id}`,
  expiresAt: 2_000_000_000,
});
const profile = (id: string): Profile => ({ id, full_name: `Profile ${id}`, role: "member", created_at: "2025-01-01T00:00:00Z" });

/** A backend whose stored session, events and profile answers the test controls. */
function fakeBackend(stored: AuthSession | null = null) {
  let emit: AuthListener = () => undefined;
  const backend = {
    mode: "demo",
    getSession: vi.fn(async () => stored),
    onAuthChange: vi.fn((listener: AuthListener) => {
      emit = listener;
      return () => undefined;
    }),
    signIn: vi.fn(async (): Promise<Awaited<ReturnType<AuthBackend["signIn"]>>> => ({ data: null, error: { message: "Invalid login credentials" } })),
    signUp: vi.fn(async () => ({ error: null })),
    signOut: vi.fn(async (): Promise<{ error: { message: string } | null }> => ({ error: null })),
    signOutLocally: vi.fn(async () => undefined),
    fetchProfile: vi.fn(async (id: string) => profile(id)),
    updateProfile: vi.fn(async (id: string, changes: { full_name?: string | null }) => ({ data: { ...profile(id), ...changes }, error: null })),
    resetPassword: vi.fn(async (): Promise<{ error: { message: string } | null }> => ({ error: null })),
    updatePassword: vi.fn(async (): Promise<{ error: { message: string } | null }> => ({ error: null })),
  } satisfies AuthBackend;
  return { backend, emit: (...args: Parameters<AuthListener>) => emit(...args) };
}

/** The store over the fake backend, with deferred work run on demand and every state recorded. */
function setup(stored: AuthSession | null = null) {
  const fake = fakeBackend(stored);
  const deferred: (() => void)[] = [];
  const report = vi.fn();
  const store = createAuthStore({ loadBackend: async () => fake.backend, report, defer: (work) => deferred.push(work) });
  const states: AuthState[] = [];
  store.$auth.subscribe((state) => states.push(state));
  const flush = () =>
    vi.waitFor(() => {
      while (deferred.length) deferred.shift()!();
      expect(store.$auth.get().loading).toBe(false);
    });
  return { ...fake, store, states, report, deferred, flush };
}

describe("auth store", () => {
  it("starts loading and ends signed out when nothing is stored", async () => {
    const { store, states } = setup();
    expect(store.$auth.get()).toEqual({ loading: true, user: null, session: null, profile: null, error: null });
    store.start();
    await vi.waitFor(() => expect(store.$auth.get().loading).toBe(false));
    expect(store.$auth.get()).toEqual({ loading: false, user: null, session: null, profile: null, error: null });
    expect(states).toHaveLength(2);
  });

  it("stays loading until the stored user's profile is fetched, outside the auth callback", async () => {
    const { store, backend, deferred, flush } = setup(session("ada"));
    store.start();
    await vi.waitFor(() => expect(deferred).toHaveLength(1));
    expect(store.$auth.get()).toMatchObject({ loading: true, user: { id: "ada" }, profile: null, error: null });
    expect(backend.fetchProfile).not.toHaveBeenCalled();
    await flush();
    expect(store.$auth.get()).toMatchObject({ loading: false, user: { id: "ada" }, profile: { full_name: "Profile ada" } });
  });

  it("starts once however often it is asked", async () => {
    const { store, backend, flush } = setup(session("ada"));
    store.start();
    store.start();
    await vi.waitFor(() => expect(backend.getSession).toHaveBeenCalledTimes(1));
    await flush();
    expect(backend.onAuthChange).toHaveBeenCalledTimes(1);
  });

  it("ignores events that repeat the same user and token, and follows a refreshed token", async () => {
    const { store, emit, states, backend, flush } = setup(session("ada"));
    store.start();
    await flush();
    const before = states.length;
    emit("INITIAL_SESSION", session("ada"));
    emit("SIGNED_IN", session("ada"));
    expect(states).toHaveLength(before);
    emit("TOKEN_REFRESHED", session("ada", "new-token"));
    expect(store.$auth.get()).toMatchObject({ loading: false, session: { accessToken: "new-token" }, profile: { id: "ada" } });
    expect(backend.fetchProfile).toHaveBeenCalledTimes(1);
  });

  it("clears user and profile on sign-out, and fetches the profile of a new sign-in", async () => {
    const { store, emit, flush } = setup(session("ada"));
    store.start();
    await flush();
    emit("SIGNED_OUT", null);
    expect(store.$auth.get()).toEqual({ loading: false, user: null, session: null, profile: null, error: null });
    emit("SIGNED_IN", session("bob"));
    expect(store.$auth.get()).toMatchObject({ loading: true, user: { id: "bob" }, profile: null, error: null });
    await flush();
    expect(store.$auth.get().profile?.id).toBe("bob");
  });

  it("drops a late profile answer for a user who has since signed out", async () => {
    const { store, emit, deferred } = setup(session("ada"));
    store.start();
    await vi.waitFor(() => expect(deferred).toHaveLength(1));
    emit("SIGNED_OUT", null);
    deferred.shift()!();
    // One macrotask: every promise of the profile fetch has settled by then.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.$auth.get()).toEqual({ loading: false, user: null, session: null, profile: null, error: null });
  });

  it("logs a profile fetch error and leaves the profile unset", async () => {
    const { store, backend, report, flush } = setup(session("ada"));
    const failure = new Error("permission denied");
    backend.fetchProfile.mockRejectedValueOnce(failure);
    store.start();
    await vi.waitFor(() => expect(store.$auth.get().user).not.toBeNull());
    await flush();
    expect(store.$auth.get()).toMatchObject({ loading: false, user: { id: "ada" }, profile: null, error: null });
    expect(report).toHaveBeenCalledWith(failure);
  });

  it("returns the provider's refusal as it is and reports nothing", async () => {
    const { store, report } = setup();
    await expect(store.signIn("ada@example.com", "wrong12")).resolves.toEqual({ error: { message: "Invalid login credentials" } });
    expect(report).not.toHaveBeenCalled();
  });

  it("turns an unexpected exception into the generic message and reports it", async () => {
    const { store, backend, report } = setup();
    const failure = new TypeError("Failed to fetch");
    backend.signUp.mockRejectedValueOnce(failure);
    await expect(store.signUp("ada@example.com", "secret1", "Ada")).resolves.toEqual({
      data: null,
      error: { message: "An unexpected error occurred. Please try again." },
    });
    expect(report).toHaveBeenCalledWith(failure);
  });

  it("signs in with a trimmed e-mail and takes the returned session", async () => {
    const { store, backend, flush } = setup();
    store.start();
    await flush();
    backend.signIn.mockResolvedValueOnce({ data: session("ada"), error: null });
    await expect(store.signIn(" ada@example.com ", "secret1")).resolves.toEqual({ error: null });
    expect(backend.signIn).toHaveBeenCalledWith("ada@example.com", "secret1");
    expect(store.$auth.get().user?.id).toBe("ada");
  });

  it("passes the full name to sign-up and signs out through the backend", async () => {
    const { store, backend, flush } = setup(session("ada"));
    store.start();
    await flush();
    await store.signUp("bob@example.com", "secret1", " Bob Marley ");
    expect(backend.signUp).toHaveBeenCalledWith("bob@example.com", "secret1", "Bob Marley");
    await expect(store.signOut()).resolves.toEqual({ everywhere: true });
    expect(store.$auth.get().user).toBeNull();
  });
});

describe("signOut when the auth server does not confirm it", () => {
  it.each([
    ["refuses it", (b: ReturnType<typeof fakeBackend>["backend"]) => b.signOut.mockResolvedValueOnce({ error: { message: "Forbidden" } })],
    ["fails (500, network down, time-out)", (b: ReturnType<typeof fakeBackend>["backend"]) => b.signOut.mockRejectedValueOnce(new TypeError("Failed to fetch"))],
  ])("still ends the session on this device when the server %s, and says so", async (_case, breakServer) => {
    const { store, backend, flush } = setup(session("ada"));
    store.start();
    await flush();
    breakServer(backend);
    const order: string[] = [];
    backend.signOutLocally.mockImplementationOnce(async () => void order.push("local sign-out"));
    const result = await store.signOut({ beforeLocalOnly: () => order.push("notice kept") });
    expect(result).toEqual({ everywhere: false });
    expect(order).toEqual(["notice kept", "local sign-out"]);
    expect(store.$auth.get()).toEqual({ loading: false, user: null, session: null, profile: null, error: null });
  });

  it("ends the session here even when the local sign-out itself throws, and reports it", async () => {
    const { store, backend, report, flush } = setup(session("ada"));
    store.start();
    await flush();
    backend.signOut.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const blocked = new DOMException("blocked", "SecurityError");
    backend.signOutLocally.mockRejectedValueOnce(blocked);
    await expect(store.signOut()).resolves.toEqual({ everywhere: false });
    expect(store.$auth.get().user).toBeNull();
    expect(report).toHaveBeenCalledWith(blocked);
  });

  it("does not run the local-only step when the server confirmed the sign-out", async () => {
    const { store, backend, flush } = setup(session("ada"));
    store.start();
    await flush();
    const beforeLocalOnly = vi.fn();
    await store.signOut({ beforeLocalOnly });
    expect(beforeLocalOnly).not.toHaveBeenCalled();
    expect(backend.signOutLocally).not.toHaveBeenCalled();
  });
});

describe("a session that cannot be read", () => {
  it("is an error with the message, not a sign-out, and Retry reads it again", async () => {
    const { store, backend, report, flush } = setup(session("ada"));
    const silent = new DOMException("No answer within 15000 ms", "TimeoutError");
    backend.getSession.mockRejectedValueOnce(silent);
    store.start();
    await vi.waitFor(() => expect(store.$auth.get().loading).toBe(false));
    expect(store.$auth.get()).toEqual({
      loading: false,
      user: null,
      session: null,
      profile: null,
      error: "We could not check your sign-in: the sign-in server did not answer. Check your connection and try again.",
    });
    expect(report).toHaveBeenCalledWith(silent);
    store.retry();
    expect(store.$auth.get()).toMatchObject({ loading: true, error: null });
    await flush();
    expect(store.$auth.get()).toMatchObject({ loading: false, error: null, user: { id: "ada" }, profile: { id: "ada" } });
    expect(backend.onAuthChange).toHaveBeenCalledTimes(1);
  });

  it("gives up after 15 s when reading the session does not settle, and a late session still signs in", async () => {
    vi.useFakeTimers();
    const { store, backend, emit } = setup();
    backend.getSession.mockReturnValueOnce(new Promise(() => undefined));
    store.start();
    await vi.advanceTimersByTimeAsync(SESSION_TIMEOUT_MS - 1);
    expect(store.$auth.get()).toMatchObject({ loading: true, error: null });
    await vi.advanceTimersByTimeAsync(1);
    expect(store.$auth.get()).toMatchObject({ loading: false, user: null, error: expect.stringContaining("could not check your sign-in") });
    // supabase-js may still refresh the session by itself later: that ends the error.
    emit("TOKEN_REFRESHED", session("ada"));
    expect(store.$auth.get()).toMatchObject({ loading: true, user: { id: "ada" }, error: null });
    vi.useRealTimers();
  });

  it("loads the backend again on Retry when its code could not be fetched", async () => {
    const fake = fakeBackend(null);
    const loadBackend = vi.fn<() => Promise<AuthBackend>>().mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"));
    loadBackend.mockResolvedValue(fake.backend);
    const store = createAuthStore({ loadBackend, report: vi.fn() });
    store.start();
    await vi.waitFor(() => expect(store.$auth.get().error).not.toBeNull());
    store.retry();
    await vi.waitFor(() => expect(store.$auth.get()).toEqual({ loading: false, user: null, session: null, profile: null, error: null }));
    expect(loadBackend).toHaveBeenCalledTimes(2);
  });
});

describe("an auth link's credentials in the address bar", () => {
  it("are cleared once the backend has read the session, not before", async () => {
    const fake = fakeBackend(null);
    let read: (value: AuthSession | null) => void = () => undefined;
    fake.backend.getSession.mockImplementation(() => new Promise((resolve) => (read = resolve)));
    const clearCallback = vi.fn();
    const store = createAuthStore({ loadBackend: async () => fake.backend, clearCallback });
    store.start();
    await vi.waitFor(() => expect(fake.backend.getSession).toHaveBeenCalled());
    expect(clearCallback).not.toHaveBeenCalled();
    read(null);
    await vi.waitFor(() => expect(clearCallback).toHaveBeenCalledTimes(1));
  });

  it("are cleared when the session cannot be read too", async () => {
    const fake = fakeBackend(null);
    fake.backend.getSession.mockRejectedValue(new TypeError("Failed to fetch"));
    const clearCallback = vi.fn();
    const store = createAuthStore({ loadBackend: async () => fake.backend, report: vi.fn(), clearCallback });
    store.start();
    await vi.waitFor(() => expect(store.$auth.get().error).not.toBeNull());
    expect(clearCallback).toHaveBeenCalledTimes(1);
  });
});

describe("updateProfile", () => {
  it("fails with 'No user logged in' without a user and calls no backend", async () => {
    const { store, backend, flush } = setup();
    store.start();
    await flush();
    await expect(store.updateProfile({ full_name: "Nobody" })).resolves.toEqual({ data: null, error: { message: "No user logged in" } });
    expect(backend.updateProfile).not.toHaveBeenCalled();
  });

  it("updates the signed-in user's own row and keeps the answer in the store", async () => {
    const { store, backend, flush } = setup(session("ada"));
    store.start();
    await flush();
    const result = await store.updateProfile({ full_name: "Ada King" });
    expect(backend.updateProfile).toHaveBeenCalledWith("ada", { full_name: "Ada King" });
    expect(result.data?.full_name).toBe("Ada King");
    expect(store.$auth.get().profile?.full_name).toBe("Ada King");
  });

  describe("password recovery", () => {
    it("asks the backend for the reset e-mail with the trimmed address and the link's target", async () => {
      const { store, backend } = setup();
      expect(await store.requestPasswordReset("  ada@example.com ", "https://site.test/login")).toEqual({ error: null });
      expect(backend.resetPassword).toHaveBeenCalledWith("ada@example.com", "https://site.test/login");
    });

    it("recovers from the PASSWORD_RECOVERY event until the new password is set", async () => {
      const { store, backend, emit, flush } = setup();
      store.start();
      await flush();
      expect(store.$recovering.get()).toBe(false);
      emit("PASSWORD_RECOVERY", session("ada"));
      await flush();
      expect(store.$recovering.get()).toBe(true);
      expect(store.$auth.get().user?.id).toBe("ada");
      backend.updatePassword.mockResolvedValueOnce({ error: { message: "New password should be different from the old password." } });
      expect(await store.setNewPassword("analytical")).toEqual({ error: { message: "New password should be different from the old password." } });
      expect(store.$recovering.get()).toBe(true);
      expect(await store.setNewPassword("engine-2")).toEqual({ error: null });
      expect(backend.updatePassword).toHaveBeenLastCalledWith("engine-2");
      expect(store.$recovering.get()).toBe(false);
    });

    it("ends the recovery on sign-out, and refuses a new password without a user", async () => {
      const { store, emit, flush } = setup();
      store.start();
      await flush();
      expect(await store.setNewPassword("engine-2")).toEqual({ error: { message: "No user logged in" } });
      emit("PASSWORD_RECOVERY", session("ada"));
      await flush();
      emit("SIGNED_OUT", null);
      expect(store.$recovering.get()).toBe(false);
    });
  });
});
