// The Deno entry Supabase runs: the handler, given this function's secrets, the platform's fetch, and its
// waitUntil, so the deliveries to the webhook go on after the visitor has their answer.
import { createBookingHandler } from "./handler.ts";

Deno.serve(createBookingHandler({ env: Deno.env.toObject(), fetch, waitUntil: (work) => EdgeRuntime.waitUntil(work) }));
