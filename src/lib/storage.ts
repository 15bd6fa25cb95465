/** This browser's localStorage, or null where it is blocked (private modes, disabled storage). */
export function localStorageOrNull(): Storage | null {
  try {
    const storage = window.localStorage;
    storage.getItem("");
    return storage;
  } catch {
    return null;
  }
}
