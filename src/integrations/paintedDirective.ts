import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";

/** Adds `client:painted` (src/lib/hydration/painted.ts): hydrate after the first paint, then on idle or when seen. */
export default function paintedDirective(): AstroIntegration {
  return {
    name: "paphos-ai:painted-directive",
    hooks: {
      "astro:config:setup": ({ addClientDirective }) => {
        addClientDirective({ name: "painted", entrypoint: fileURLToPath(new URL("../lib/hydration/painted.ts", import.meta.url)) });
      },
    },
  };
}
