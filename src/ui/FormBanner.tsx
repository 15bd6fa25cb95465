import type { ReactNode } from "react";

/**
 * The red banner under a form that says why it was not sent. The alert region is always in the
 * page, so screen readers announce the message when it arrives; empty, it shows nothing.
 */
export default function FormBanner({ children }: { children?: ReactNode }) {
  return (
    <div role="alert" className="text-sm">
      {children && <p className="rounded-lg border border-danger/40 bg-danger/10 p-3 text-danger">{children}</p>}
    </div>
  );
}
