import type { IngestProgress, IngestResult } from "./pages";
import type { DocumentKind } from "./kinds";
import type { PdfJsUrls } from "./pdfjs";

/** What the page asks the ingestion worker: read these bytes as this kind of document. */
export interface IngestRequest {
  kind: DocumentKind;
  bytes: ArrayBuffer;
  /** PDF.js's files on this site, the same the viewer loads. */
  pdfjs: PdfJsUrls;
}

/** What the worker answers: progress while it reads, then one result. */
export type IngestReply = { type: "progress"; progress: IngestProgress } | { type: "result"; result: IngestResult };
