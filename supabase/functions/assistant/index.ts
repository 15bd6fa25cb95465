// The Deno entry Supabase runs: the handler, given this function's secrets and the platform's fetch.
import { createAssistantHandler } from "./handler.ts";

Deno.serve(createAssistantHandler({ env: Deno.env.toObject(), fetch }));
