import type { Locator } from "@playwright/test";
import { site } from "../../src/site.config";
import { expect } from "./fixtures/test";

/** Waits until the Astro island around `locator` has hydrated (Astro removes the island's ssr attribute). */
export async function expectHydrated(locator: Locator): Promise<void> {
  await expect(locator.locator("xpath=ancestor::astro-island[1]")).not.toHaveAttribute("ssr");
}

/** The six service pages, in the specification's order (the same list the menu and the site config use). */
export const servicePaths = site.services.map((s) => s.href);
