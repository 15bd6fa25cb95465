import { useEffect } from "react";
import { pageTitle } from "../../lib/seo";
import { site } from "../../site.config";
import type { DashScreen } from "../screens";

/** A screen not built yet: its heading and what it will hold. */
export default function PlaceholderScreen({ screen }: { screen: DashScreen }) {
  useEffect(() => {
    document.title = pageTitle(screen.title, site.brand);
  }, [screen.title]);

  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className="text-3xl font-bold tracking-tight">
        {screen.title}
      </h1>
      <p className="mt-2 text-muted">{screen.description}</p>
    </section>
  );
}
