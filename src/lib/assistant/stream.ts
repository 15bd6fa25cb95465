import { EventSourceParserStream, ParseError } from "eventsource-parser/stream";

/** Why a stream could not be read: the endpoint sent an error event, or data that is not a chat chunk. */
export type StreamFailure = "error-event" | "malformed";

/** A stream that started but cannot go on; `detail` is the endpoint's own words, for logs, not for people. */
export class AssistantStreamError extends Error {
  override readonly name = "AssistantStreamError";
  constructor(
    readonly failure: StreamFailure,
    readonly detail: string,
  ) {
    super(failure === "error-event" ? `The endpoint reported an error: ${detail}` : `Unreadable stream data: ${detail}`);
  }
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** The JSON of one event's data, or a malformed-data error. */
function parseData(data: string): Json {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    throw new AssistantStreamError("malformed", data.slice(0, 200));
  }
  if (!isObject(value)) throw new AssistantStreamError("malformed", data.slice(0, 200));
  return value;
}

/** The error message of an OpenAI-style error body: {"error": {"message": ...}} or {"error": "..."}. */
function errorMessage(json: Json): string | undefined {
  const error = json["error"];
  if (typeof error === "string") return error;
  if (isObject(error)) return typeof error["message"] === "string" ? error["message"] : JSON.stringify(error);
  return undefined;
}

/** The text piece of a chat-completion chunk: choices[0].delta.content, when it is a string. */
function deltaContent(json: Json): string {
  const choices = json["choices"];
  if (!Array.isArray(choices)) throw new AssistantStreamError("malformed", "a chunk without choices");
  const first: unknown = choices[0];
  const delta = isObject(first) ? first["delta"] : undefined;
  const content = isObject(delta) ? delta["content"] : undefined;
  return typeof content === "string" ? content : "";
}

/**
 * The text pieces of an OpenAI-compatible chat-completions stream (server-sent events), in order, ending at
 * `data: [DONE]` or the end of the body. An error event or data that is not a chunk throws AssistantStreamError.
 */
export async function* readChatStream(body: ReadableStream<BufferSource>): AsyncGenerator<string, void, undefined> {
  const reader = body
    .pipeThrough(new TextDecoderStream())
    // Lines that are not server-sent events (a plain JSON body) or a never-ending line end the stream.
    .pipeThrough(new EventSourceParserStream({ onError: "terminate", maxBufferSize: 1 << 20 }))
    .getReader();
  try {
    for (;;) {
      const { done, value: event } = await reader.read().catch((error: unknown) => {
        throw error instanceof ParseError ? new AssistantStreamError("malformed", error.message) : error;
      });
      if (done || event.data === "[DONE]") return;
      const json = parseData(event.data);
      const error = errorMessage(json);
      if (event.event === "error" || error !== undefined) throw new AssistantStreamError("error-event", error ?? event.data);
      const piece = deltaContent(json);
      if (piece) yield piece;
    }
  } finally {
    // Stops the body when the caller leaves early or the stream failed; harmless once it has ended.
    reader.cancel().catch(() => undefined);
  }
}
