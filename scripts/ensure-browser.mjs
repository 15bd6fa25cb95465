// Makes sure the end-to-end tests have a Chromium to drive, and says what it does about it:
// Debian's (its headless shell when installed, see chromium.mjs), else a Playwright-managed one; when neither is
// there it installs Debian's packages (as root, where apt-get exists) or lets Playwright download its own.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { chromium } from "@playwright/test";
import { DEBIAN_CHROMIUM, testChromium } from "./chromium.mjs";

function managedChromium() {
  try {
    const path = chromium.executablePath();
    return existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

function run(command, args) {
  console.log(`[ensure-browser] $ ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  return result.status === 0;
}

const debian = testChromium();
if (debian && existsSync(debian)) {
  console.log(`[ensure-browser] the end-to-end tests drive Debian's Chromium at ${debian}`);
  if (debian === DEBIAN_CHROMIUM) console.log("[ensure-browser] apt-get install chromium-headless-shell runs the suite with about 40 % less CPU");
} else if (managedChromium()) {
  console.log(`[ensure-browser] using Playwright's Chromium at ${managedChromium()}`);
} else {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = existsSync("/usr/bin/apt-get");
  if (isRoot && hasApt) {
    console.log("[ensure-browser] no Chromium found: installing Debian's chromium and chromium-headless-shell packages with apt-get");
    if (!run("apt-get", ["update"]) || !run("apt-get", ["install", "-y", "--no-install-recommends", "chromium", "chromium-headless-shell"])) {
      console.error("[ensure-browser] apt-get could not install chromium");
      process.exit(1);
    }
  } else {
    console.log("[ensure-browser] no Chromium found and no root apt-get: downloading Playwright's Chromium");
    if (!run("npx", ["playwright", "install", "chromium"])) {
      console.error("[ensure-browser] Playwright could not download Chromium");
      process.exit(1);
    }
  }
}
