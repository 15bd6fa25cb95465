import { PUBLIC_ASSISTANT_MODEL, PUBLIC_ASSISTANT_URL } from "astro:env/client";

/** The OpenAI-compatible chat-completions endpoint set at build, or undefined: then answers quote passages, no model. */
export const ASSISTANT_URL: string | undefined = PUBLIC_ASSISTANT_URL || undefined;

/** The model to name in each request, for endpoints that need one (Ollama); undefined lets the endpoint choose. */
export const ASSISTANT_MODEL: string | undefined = PUBLIC_ASSISTANT_MODEL || undefined;
