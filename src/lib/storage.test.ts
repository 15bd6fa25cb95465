import { afterEach, describe, expect, it, vi } from "vitest";
import { memoryStorage } from "../../tests/fixtures/memoryStorage";
import { localStorageOrNull } from "./storage";

afterEach(() => vi.unstubAllGlobals());

describe("localStorageOrNull", () => {
  it("returns the page's localStorage when it can be read", () => {
    const storage = memoryStorage();
    vi.stubGlobal("window", { localStorage: storage });
    expect(localStorageOrNull()).toBe(storage);
  });

  it.each([
    ["there is no window (the server, a worker)", undefined],
    [
      "reading localStorage throws (storage disabled)",
      Object.defineProperty({}, "localStorage", {
        get: () => {
          throw new DOMException("denied", "SecurityError");
        },
      }),
    ],
    [
      "a read throws (a private mode)",
      {
        localStorage: {
          getItem: () => {
            throw new DOMException("denied", "SecurityError");
          },
        },
      },
    ],
  ])("returns null when %s", (_case, window) => {
    vi.stubGlobal("window", window);
    expect(localStorageOrNull()).toBeNull();
  });
});
