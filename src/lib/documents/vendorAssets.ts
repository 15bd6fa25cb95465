/**
 * The OCR files the browser loads at run time, served from this site (never a CDN) under one versioned folder:
 * tesseract.js's worker script, its WebAssembly core (SIMD, LSTM only) and the English data. The build copies
 * them from node_modules (src/integrations/vendorAssets.ts); the dev server serves them from there.
 */
export const OCR_BASE = "/vendor/tesseract-7/";

export const OCR_FILES = [
  { from: "tesseract.js/dist/worker.min.js", to: "worker.min.js" },
  { from: "tesseract.js-core/tesseract-core-simd-lstm.wasm.js", to: "tesseract-core-simd-lstm.wasm.js" },
  { from: "@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz", to: "lang/eng.traineddata.gz" },
] as const;

/** The URLs the ingestion worker hands tesseract.js. */
export const OCR_URLS = {
  ocrWorker: `${OCR_BASE}worker.min.js`,
  ocrCore: `${OCR_BASE}tesseract-core-simd-lstm.wasm.js`,
  ocrLanguages: `${OCR_BASE}lang`,
} as const;
