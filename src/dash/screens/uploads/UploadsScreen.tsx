import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { $uploadForm, preselectCase, preselectVersion, readSamples } from "../../../stores/dash/uploads";
import ScreenHeader from "../../components/ScreenHeader";
import { BulkChoice, BulkProgressLine } from "./BulkImport";
import DropZone from "./DropZone";
import RecentUploads from "./RecentUploads";
import UploadPanel from "./UploadPanel";
import VersionNote from "./VersionNote";

/** Uploads: choose or drop a document, file it under a case, and watch it being processed. */
export default function UploadsScreen() {
  const { search } = useLocation();
  const { file, error } = useStore($uploadForm);
  // 'Upload Doc' on a case links here with ?case=<id>: that case is chosen already.
  useEffect(() => preselectCase(search), [search]);
  // 'Upload a new version' on a card links here with ?version=<id>: the next file is that document's new version.
  useEffect(() => preselectVersion(search), [search]);
  useEffect(readSamples, []);

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader />
      <VersionNote />
      <DropZone />
      <p role="alert" className="text-sm text-danger empty:hidden">
        {error}
      </p>
      {file && <UploadPanel file={file} />}
      <BulkChoice />
      <BulkProgressLine />
      <RecentUploads />
    </div>
  );
}
