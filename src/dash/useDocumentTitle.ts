import { useEffect } from "react";
import { pageTitle } from "../lib/seo";
import { site } from "../site.config";
import { NOT_FOUND_TITLE } from "./routes";
import { useCurrentRoute } from "./useCurrentRoute";

/** Sets the document title from the routes module: the one place the workspace titles its screens. */
export function useDocumentTitle(): void {
  const title = useCurrentRoute()?.title ?? NOT_FOUND_TITLE;
  useEffect(() => {
    document.title = pageTitle(title, site.brand);
  }, [title]);
}
