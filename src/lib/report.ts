/** Which part of the product an error came from; becomes the `feature` tag of an error report. */
export type Feature = "voice" | "booking" | "auth" | "contact" | "workspace";

export type Reporter = (error: unknown, feature: Feature, extra?: Record<string, unknown>) => void;

// Until an error-reporting service registers itself, errors are only logged (as warnings:
// a failure the visitor was already told about is not an uncaught error).
let reporter: Reporter = (error, feature) => {
  console.warn(`[${feature}]`, error);
};

/** Registers where errors go (the Sentry client does this when a DSN is configured). */
export function setReporter(next: Reporter): void {
  reporter = next;
}

/** Reports an unexpected failure of a feature. Expected user errors (validation, wrong password) are not reported. */
export function reportError(error: unknown, feature: Feature, extra?: Record<string, unknown>): void {
  reporter(error, feature, extra);
}
