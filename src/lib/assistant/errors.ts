/**
 * What went wrong with an answer: no first word in time, the endpoint said no, the user's daily quota is used up, no
 * connection, a broken stream, or Stop.
 */
export type AssistantErrorKind = "timeout" | "http" | "quota" | "network" | "stream" | "aborted";

/** A failed answer: `message` is for people, in plain words; `partial` is the checked text shown before it failed. */
export class AssistantError extends Error {
  override readonly name = "AssistantError";
  readonly status: number | undefined;
  readonly partial: string;

  constructor(
    readonly kind: AssistantErrorKind,
    message: string,
    options: { status?: number; partial?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.partial = options.partial ?? "";
  }

  /** The same failure, carrying the text the person had already seen. */
  withPartial(partial: string): AssistantError {
    return new AssistantError(this.kind, this.message, { status: this.status, partial, cause: this.cause });
  }
}

const seconds = (ms: number) => `${ms / 1000} second${ms === 1000 ? "" : "s"}`;

/** The plain-words failures of an answer, one place for their wording. */
export const failures = {
  firstToken: (ms: number) => new AssistantError("timeout", `The assistant did not start answering within ${seconds(ms)}.`),
  silence: (ms: number) => new AssistantError("timeout", `The assistant stopped answering for ${seconds(ms)}.`),
  aborted: () => new AssistantError("aborted", "The answer was stopped."),
  unreachable: (cause: unknown) =>
    new AssistantError("network", "The assistant could not be reached. Check your connection and try again.", { cause }),
  cutOff: (cause: unknown) =>
    new AssistantError("network", "The connection to the assistant was lost before the answer was finished.", { cause }),
  signIn: (cause: unknown) => new AssistantError("http", "Your sign-in could not be read. Sign in again, then ask again.", { cause }),
  unreadable: (cause: unknown) => new AssistantError("stream", "The assistant's answer could not be read.", { cause }),
  reportedError: (cause: unknown) => new AssistantError("stream", "The assistant stopped with an error before finishing the answer.", { cause }),
  empty: () => new AssistantError("stream", "The assistant sent an empty answer."),
  http: (status: number) => new AssistantError("http", httpMessage(status), { status }),
  /** The whole of what the reply says before the quoted passages: no other error is shown. */
  quota: () => new AssistantError("quota", "Daily assistant limit reached; the quoted passages are below.", { status: 429 }),
};

/** What an HTTP refusal means to the person asking. */
function httpMessage(status: number): string {
  if (status === 401 || status === 403) return "The assistant did not accept your sign-in. Sign in again, then ask again.";
  if (status === 413) return "The question and its passages are too long for the assistant.";
  // The Edge Function found a passage on no page the user reads (a page changed or left their reach meanwhile).
  if (status === 422) return "The assistant could not find the quoted passages in your documents.";
  if (status === 429) return "The assistant is busy. Try again in a minute.";
  return `The assistant could not answer (error ${status}). Try again later.`;
}
