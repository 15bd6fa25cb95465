import { newUpload, SAMPLES_PATH, type Upload } from "../uploads";
import { sampleCases } from "./cases";

interface SampleDocument {
  id: string;
  /** Its file in public/samples/. */
  filename: string;
  title: string;
  caseId: (typeof sampleCases)[number]["id"];
  /** The calendar day it was filed. */
  uploaded: string;
}

/**
 * The documents a new workspace starts with: real short documents of the sample firm, filed under the sample
 * cases. Each is fetched from this site and read like an upload on first use, in this order (the scan, read by OCR,
 * last, so the others are searchable within a moment); its floors are long past, so its status follows the reading alone.
 */
const SAMPLE_DOCUMENTS: readonly SampleDocument[] = [
  { id: "doc-memo-motion-to-dismiss", filename: "memo-motion-to-dismiss.txt", title: "Internal Memo: Motion to Dismiss Template", caseId: "case-kyprianou-employment", uploaded: "2025-02-27" },
  { id: "doc-services-agreement", filename: "services-agreement.pdf", title: "Construction Services Agreement, Kato Paphos Residences", caseId: "case-georgiou-v-paphos-developments", uploaded: "2025-03-10" },
  { id: "doc-judgment-summary", filename: "judgment-summary.pdf", title: "Judgment Summary, Republic v. Charalambous", caseId: "case-republic-v-charalambous", uploaded: "2024-11-08" },
  { id: "doc-lease-flat-3", filename: "lease-flat-3.docx", title: "Lease of Flat 3, 18 Tombs of the Kings Road", caseId: "case-georgiou-v-paphos-developments", uploaded: "2025-03-11" },
  { id: "doc-letter-to-commissioner", filename: "letter-to-commissioner.docx", title: "Letter to the Commissioner for Personal Data Protection", caseId: "case-hadjipetrou-gdpr", uploaded: "2025-03-03" },
  { id: "doc-notice-of-defects", filename: "notice-of-defects-scan.pdf", title: "Notice of Defects, Apartment 12 (scanned)", caseId: "case-georgiou-v-paphos-developments", uploaded: "2025-03-12" },
];

/** The sample documents as queued uploads, each with the file it is fetched from. */
export const sampleUploads = (): Upload[] =>
  SAMPLE_DOCUMENTS.map(({ id, filename, title, caseId, uploaded }) => ({
    ...newUpload({ filename, sizeBytes: 0, caseId, title }, sampleCases.find((c) => c.id === caseId)?.title ?? "", id, new Date(`${uploaded}T09:00:00.000Z`)),
    sample: `${SAMPLES_PATH}${filename}`,
  }));
