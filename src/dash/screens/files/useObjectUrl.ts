import { useEffect, useState } from "react";

/**
 * An object URL for the blob while the caller shows it; revoked when the blob changes or the caller goes.
 * The blob's type is what the browser renders it as, so pass one whose type the app chose, never an upload's own.
 */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => {
      URL.revokeObjectURL(created);
      setUrl(null);
    };
  }, [blob]);
  return url;
}
