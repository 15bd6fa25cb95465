/**
 * Supabase's background-task API index.ts uses, declared for the project's TypeScript check only (Deno's types
 * come from ../assistant/deno.d.ts); the Edge Runtime provides it and never loads this file.
 */
declare const EdgeRuntime: { waitUntil(work: Promise<unknown>): void };
