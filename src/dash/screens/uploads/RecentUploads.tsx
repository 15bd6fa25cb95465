import { useStore } from "@nanostores/react";
import { formatDay } from "../../../lib/dash/dates";
import { UPLOAD_STATUS_LABELS, formatSizeMb } from "../../../lib/dash/uploads";
import { $recentUploads } from "../../../stores/dash/uploads";
import Badge from "../../components/Badge";
import EmptyState from "../../components/EmptyState";
import { UPLOAD_TONES } from "../../components/statusTones";

/** The uploads of this workspace, newest first, each with its processing status. */
export default function RecentUploads() {
  const uploads = useStore($recentUploads);
  return (
    <section aria-labelledby="recent-uploads" className="flex flex-col gap-3">
      <h2 id="recent-uploads" className="text-lg font-semibold">
        Recent Uploads
      </h2>
      {uploads.length === 0 ? (
        <EmptyState icon="upload" title="No uploads yet" />
      ) : (
        <ul className="flex flex-col gap-2">
          {uploads.map((upload) => (
            <li key={upload.id} aria-label={upload.title} className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl border border-line bg-surface px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words">{upload.title}</p>
                <p className="text-sm text-muted">
                  {upload.filename} · {upload.caseTitle} · {formatSizeMb(upload.sizeBytes)} · {formatDay(upload.uploaded)}
                </p>
              </div>
              <Badge tone={UPLOAD_TONES[upload.status]}>{UPLOAD_STATUS_LABELS[upload.status]}</Badge>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
