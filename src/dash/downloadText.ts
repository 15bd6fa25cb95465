/**
 * Saves a Blob as a file named `filename`: a temporary `<a download>`, clicked once; the object URL is revoked on
 * the next task, once the browser has started the download.
 */
export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves `text` as a file named `filename`, in UTF-8. */
export const downloadText = (filename: string, text: string, type = "text/markdown"): void =>
  downloadBlob(filename, new Blob([text], { type: `${type};charset=utf-8` }));
