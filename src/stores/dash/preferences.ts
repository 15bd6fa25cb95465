import { atom, type ReadableAtom } from "nanostores";
import type { Preferences } from "../../lib/dash/preferences";

/** The saved preferences (stub of contract 3; part 2 owns the real store). */
export const $preferences: ReadableAtom<Preferences> = atom<Preferences>({
  defaultScope: "firm",
  compactMode: false,
  notifications: { email: true, desktop: false, mobile: true },
});
