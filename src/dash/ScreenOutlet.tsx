import { Suspense } from "react";
import Spinner from "../ui/Spinner";
import { screens } from "./screens";
import type { DashPath } from "./routes";

/** One screen, fetched on first use, with a quiet placeholder while its chunk loads. */
export default function ScreenOutlet({ path }: { path: DashPath }) {
  const Screen = screens[path];
  return (
    <Suspense
      fallback={
        <p role="status" className="flex items-center gap-2 text-muted">
          <Spinner /> Loading...
        </p>
      }
    >
      <Screen />
    </Suspense>
  );
}
