import type { Locator } from "@playwright/test";
import { expect } from "./fixtures/test";

/** Waits until the Astro island around `locator` has hydrated (Astro removes the island's ssr attribute). */
export async function expectHydrated(locator: Locator): Promise<void> {
  await expect(locator.locator("xpath=ancestor::astro-island[1]")).not.toHaveAttribute("ssr");
}

/** The six service pages, in the specification's order. */
export const servicePaths = [
  "/services/ai-workflows",
  "/services/system-integrations",
  "/services/email-automation",
  "/services/document-parsing",
  "/services/ai-chatbots",
  "/services/ai-voice-callers",
] as const;
