// Which Chromium the end-to-end tests drive: Debian's, in its headless-shell build when the machine has it.
// The headless shell (Debian's chromium-headless-shell, the same Chromium without the desktop browser around it) runs
// the suite with about 40 % less CPU than /usr/bin/chromium in headless mode (measured on 58 workspace and public-page
// tests, two workers: 100-105 test-seconds against 168-169), and every test passes on both.
import { existsSync } from "node:fs";

export const DEBIAN_CHROMIUM = "/usr/bin/chromium";
export const DEBIAN_HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/**
 * The executable for Playwright: PW_CHROMIUM if set, else Debian's headless shell, else Debian's Chromium, else
 * undefined (Playwright's own).
 * @returns {string | undefined}
 */
export function testChromium() {
  const chosen = process.env["PW_CHROMIUM"];
  if (chosen) return chosen;
  return [DEBIAN_HEADLESS_SHELL, DEBIAN_CHROMIUM].find((path) => existsSync(path));
}
