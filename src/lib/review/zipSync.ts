import { zipSync, type Zippable } from "fflate";

/**
 * write-excel-file's zip step (its `../zip/zipToArrayBuffer.js`, swapped for this file by astro.config.mjs's alias):
 * the same fflate archive, made synchronously. fflate's asynchronous zip compresses any file over 160 KB in a worker it
 * starts from a blob: URL, which the workspace's policy (worker-src 'self') refuses, so the export of a large review
 * (1,000 documents x 30 questions, a Sources sheet of megabytes) never finished. Made once per export, on a click.
 */
export default async function zipToArrayBuffer(files: Zippable): Promise<ArrayBuffer> {
  return zipSync(files).buffer as ArrayBuffer;
}
