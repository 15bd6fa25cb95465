/// <reference lib="webworker" />
// The compare worker: splits, aligns and diffs two versions (src/lib/compare) off the page's thread, one request each.
import type { CompareReply, CompareRequest } from "../lib/compare/protocol";
import { redlineBlocks } from "../lib/compare/redlineBlocks";
import { alignVersions, comparisonOf } from "../lib/compare/versions";

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = ({ data }: MessageEvent<CompareRequest>) => {
  let reply: CompareReply;
  try {
    const aligned = alignVersions(data.a, data.b);
    reply = { ok: true, comparison: comparisonOf(aligned), redline: redlineBlocks(aligned) };
  } catch {
    reply = { ok: false };
  }
  self.postMessage(reply);
};
