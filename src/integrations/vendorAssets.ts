import { copyFileSync, createReadStream, existsSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { OCR_BASE, OCR_FILES } from "../lib/documents/vendorAssets.ts";

const require = createRequire(import.meta.url);
/** The installed file a vendor asset is copied from (resolved the way Node finds a package). */
const sourceOf = (from: string) => require.resolve(from);

const TYPES: Record<string, string> = { ".js": "text/javascript; charset=utf-8", ".gz": "application/gzip" };

/**
 * The OCR files tesseract.js loads at run time (its worker script, WebAssembly core and English data), served
 * from this site: `astro dev` serves them from node_modules, `astro build` copies them into the output under
 * one versioned folder. Nothing loads them until a scanned page is met.
 */
export default function vendorAssets(): AstroIntegration {
  return {
    name: "paphos-ai:vendor-assets",
    hooks: {
      "astro:config:setup": ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: "paphos-ai:vendor-assets-dev",
                configureServer(server) {
                  server.middlewares.use((req, res, next) => {
                    const path = (req.url ?? "").split("?")[0] ?? "";
                    const file = OCR_FILES.find((f) => `${OCR_BASE}${f.to}` === path);
                    if (!file) return next();
                    const source = sourceOf(file.from);
                    res.setHeader("Content-Type", TYPES[/\.[^.]+$/.exec(source)?.[0] ?? ""] ?? "application/octet-stream");
                    createReadStream(source).pipe(res);
                  });
                },
              },
            ],
          },
        });
      },
      "astro:build:done": ({ dir, logger }) => {
        const out = fileURLToPath(new URL(`.${OCR_BASE}`, dir));
        for (const file of OCR_FILES) {
          const target = `${out}${file.to}`;
          mkdirSync(dirname(target), { recursive: true });
          if (!existsSync(target)) copyFileSync(sourceOf(file.from), target);
        }
        logger.info(`OCR files copied to ${OCR_BASE}`);
      },
    },
  };
}
