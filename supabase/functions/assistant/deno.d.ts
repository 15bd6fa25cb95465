/**
 * The two Deno APIs index.ts uses, declared for the project's TypeScript check only: Deno brings its own types
 * and never loads this file (nothing imports it).
 */
declare namespace Deno {
  function serve(handler: (request: Request) => Response | Promise<Response>): unknown;
  const env: { toObject(): Record<string, string> };
}
