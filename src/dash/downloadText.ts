/**
 * Saves `text` as a file named `filename`: a Blob behind a temporary `<a download>`, clicked once; the object URL is
 * revoked on the next task, once the browser has started the download.
 */
export function downloadText(filename: string, text: string, type = "text/markdown"): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
