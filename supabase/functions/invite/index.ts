// The Deno entry Supabase runs: the handler, given this function's secrets and the platform's fetch.
import { createInviteHandler } from "./handler.ts";

Deno.serve(createInviteHandler({ env: Deno.env.toObject(), fetch }));
