import { useEffect, useState } from "react";
import { readPreviewText } from "../../../lib/dash/preview";

export type FileText = { text: string; note: string | null } | { error: string };

/** The beginning of a file read as text, for its preview; null while it is read or without a file. */
export function useFileText(file: File | undefined): FileText | null {
  const [read, setRead] = useState<{ file: File; result: FileText } | null>(null);
  useEffect(() => {
    if (!file) return;
    let current = true;
    readPreviewText(file).then(
      (result) => current && setRead({ file, result }),
      () => current && setRead({ file, result: { error: `${file.name} could not be read.` } }),
    );
    return () => {
      current = false;
    };
  }, [file]);
  return read && read.file === file ? read.result : null;
}
