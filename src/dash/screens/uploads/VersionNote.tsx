import { useStore } from "@nanostores/react";
import { nextVersion, versionLabel } from "../../../lib/dash/versions";
import { $uploadForm, $uploads, setUploadVersionOf } from "../../../stores/dash/uploads";

/** "Upload a new version": which document the next file is a new version of, as which version, and a way out. */
export default function VersionNote() {
  const { versionOf } = useStore($uploadForm);
  const previous = useStore($uploads).find((u) => u.id === versionOf);
  if (!previous) return null;
  return (
    <p className="flex flex-wrap items-center gap-3 rounded-xl border border-accent/50 px-4 py-3 text-sm">
      <span>
        The next file is uploaded as {versionLabel(nextVersion(previous).version)} of <strong>{previous.title}</strong>.
      </span>
      <button type="button" className="btn-small" onClick={() => setUploadVersionOf("")}>
        Not a new version
      </button>
    </p>
  );
}
