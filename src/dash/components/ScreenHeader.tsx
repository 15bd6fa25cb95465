import type { ReactNode } from "react";
import { NOT_FOUND_TITLE } from "../routes";
import { useCurrentRoute } from "../useCurrentRoute";

interface ScreenHeaderProps {
  /** Actions beside the heading (New Case, Add KB Item...). */
  children?: ReactNode;
}

/** The screen's heading, from the routes module, with its actions. */
export default function ScreenHeader({ children }: ScreenHeaderProps) {
  const route = useCurrentRoute();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold tracking-tight">{route?.title ?? NOT_FOUND_TITLE}</h1>
      {children}
    </div>
  );
}
