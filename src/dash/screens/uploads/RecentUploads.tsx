import { useStore } from "@nanostores/react";
import { memo, useDeferredValue, useState } from "react";
import { formatDay } from "../../../lib/dash/dates";
import { UPLOAD_STATUS_LABELS, formatSizeMb } from "../../../lib/dash/uploads";
import { versionLabel, versionsOf } from "../../../lib/dash/versions";
import { $recentUploads, $uploads, type RecentUpload } from "../../../stores/dash/uploads";
import Badge from "../../components/Badge";
import EmptyState from "../../components/EmptyState";
import { UPLOAD_TONES } from "../../components/statusTones";
import VersionActions from "../../components/VersionActions";
import CompareWithDialog from "../compare/CompareWithDialog";

/**
 * What is known of an upload's pages: while it is read, the page being read ('Reading page 12 of 40', or
 * 'Recognising' for a scanned one), then 'Read page 3 of 3' until the floor lets it show Indexed; once Indexed,
 * '3 pages' (with how many were recognised by OCR).
 */
function pagesNote(upload: RecentUpload): string | null {
  const { progress } = upload;
  const unit = upload.unit === "section" ? "section" : "page";
  if (upload.status === "ocr" && progress) return `${progress.ocr ? "Recognising" : "Reading"} ${unit} ${String(progress.page)} of ${String(progress.of)}`;
  if (upload.pages === 0 || upload.status === "failed" || upload.status === "queued") return null;
  if (upload.status !== "indexed") return `Read ${unit} ${String(upload.pages)} of ${String(upload.pages)}`;
  const count = `${String(upload.pages)} ${unit}${upload.pages === 1 ? "" : "s"}`;
  return upload.ocrPages ? `${count}, ${String(upload.ocrPages)} recognised by OCR` : count;
}

/** The most uploads listed: a bulk import of 1,000 shows its progress line, and Files lists every document. */
const RECENT_SHOWN = 50;

interface RowProps {
  upload: RecentUpload;
  /** Its version number when it has versions, and the one before it. */
  version: number | undefined;
  previous: string | undefined;
  onCompare: (upload: RecentUpload) => void;
}

/** One upload: rendered again only when its record, status, progress or version changes (a bulk import moves a few at a time). */
const UploadRow = memo(function UploadRow({ upload, version, previous, onCompare }: RowProps) {
  const note = pagesNote(upload);
  const titleId = `upload-${upload.id}`;
  return (
    <li aria-label={upload.title} className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl border border-line bg-surface px-4 py-3">
      <div className="min-w-0 flex-1">
        <p id={titleId} className="font-medium break-words">
          {upload.title}
        </p>
        <p className="text-sm text-muted">
          {upload.filename} · {upload.caseTitle} · {formatSizeMb(upload.sizeBytes)} · {formatDay(upload.uploaded)}
        </p>
        {note && <p className="text-sm text-muted">{note}</p>}
        {upload.status === "failed" && upload.processing.reason && <p className="text-sm text-danger">{upload.processing.reason}</p>}
      </div>
      {version !== undefined && <Badge tone="accent">{versionLabel(version)}</Badge>}
      <Badge tone={UPLOAD_TONES[upload.status]}>{UPLOAD_STATUS_LABELS[upload.status]}</Badge>
      <div className="flex basis-full flex-wrap gap-2">
        <VersionActions
          id={upload.id}
          titleId={titleId}
          version={version}
          previousVersion={previous}
          read={upload.status === "indexed"}
          onCompare={() => onCompare(upload)}
        />
      </div>
    </li>
  );
});

/** The uploads of this workspace, newest first, each with its status, its pages or progress, and why it failed. */
export default function RecentUploads() {
  // Rendered after the change that brought them, in slices the page can interleave with other work: a bulk import
  // lists 50 new rows at once, which took one task of 60-100 ms on a busy two-core machine.
  const all = useDeferredValue(useStore($recentUploads));
  const uploads = all.slice(0, RECENT_SHOWN);
  const versions = versionsOf(useDeferredValue(useStore($uploads)));
  const [comparing, setComparing] = useState<RecentUpload | null>(null);
  return (
    <section aria-labelledby="recent-uploads" className="flex flex-col gap-3">
      <h2 id="recent-uploads" className="text-lg font-semibold">
        Recent Uploads
      </h2>
      {uploads.length === 0 ? (
        <EmptyState icon="upload" title="No uploads yet" />
      ) : (
        <ul className="flex flex-col gap-2">
          {uploads.map((upload) => {
            const version = versions.get(upload.id);
            return <UploadRow key={upload.id} upload={upload} version={version?.version} previous={version?.previous} onCompare={setComparing} />;
          })}
        </ul>
      )}
      {all.length > RECENT_SHOWN && (
        <p className="text-sm text-muted">
          The {RECENT_SHOWN} newest of {all.length.toLocaleString("en")} uploads; Files lists them all.
        </p>
      )}
      <CompareWithDialog document={comparing} onClose={() => setComparing(null)} />
    </section>
  );
}
