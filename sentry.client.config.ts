// Loaded on every page by @sentry/astro, which astro.config.mjs adds only when PUBLIC_SENTRY_DSN is set.
import * as Sentry from "@sentry/astro";
import { PUBLIC_SENTRY_DSN } from "astro:env/client";
import { setReporter } from "./src/lib/report";
import { scrub } from "./src/lib/sentry/scrub";

Sentry.init({
  dsn: PUBLIC_SENTRY_DSN,
  sendDefaultPii: false,
  // Deep enough to keep an API's error body in a report (the scrubber still removes what must not leave).
  normalizeDepth: 6,
  beforeSend: (event) => scrub(event),
  beforeBreadcrumb: (breadcrumb) => scrub(breadcrumb),
});

setReporter((error, feature, extra) => {
  Sentry.captureException(error, { tags: { feature }, ...(extra ? { extra } : {}) });
});
