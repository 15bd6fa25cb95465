import { useEffect, useId, useRef, type ReactNode } from "react";
import Icon from "./Icon";

export type DialogPlacement = "center" | "left" | "right" | "bottom";

interface DialogProps {
  open: boolean;
  /** Called on Escape, the close button, a click on the backdrop, or a `<form method="dialog">` submit. */
  onClose: () => void;
  /** The dialog's name, shown as its heading. */
  title: string;
  /** Shows the heading to assistive technology only. */
  hideTitle?: boolean;
  /** center: a modal box; left: a slide-over drawer; right: a side panel; bottom: a bottom sheet. */
  placement?: DialogPlacement;
  /** Extra classes for the dialog box (its width, say). */
  className?: string;
  children: ReactNode;
}

const PLACEMENT: Record<DialogPlacement, string> = {
  center: "m-auto w-[min(32rem,calc(100vw-2rem))] max-h-[calc(100dvh-2rem)] rounded-2xl",
  left: "my-0 mr-auto ml-0 h-dvh max-h-dvh w-[min(300px,calc(100vw-3rem))] rounded-r-2xl",
  right: "my-0 mr-0 ml-auto h-dvh max-h-dvh w-[min(26rem,100vw)] rounded-l-2xl",
  bottom: "mx-0 mt-auto mb-0 max-h-[85dvh] w-full max-w-none rounded-t-2xl",
};

/**
 * Every modal of the workspace: a native <dialog> opened with showModal(), so the page behind is inert (focus
 * stays inside), Escape closes it, and it is labelled by its heading. Focus returns to where it was on close;
 * the page does not scroll behind it (global.css).
 */
export default function Dialog({ open, onClose, title, hideTitle, placement = "center", className = "", children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, [open]);

  return (
    // The backdrop click has its keyboard equivalent in Escape (the cancel event), as native dialogs do.
    // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={(event) => {
        // The browser closed it (a form's method="dialog"). The close event of an earlier close (this component's
        // own, queued as a task) can arrive after the dialog was opened again: it is stale then, and ignored.
        if (open && !event.currentTarget.open) onClose();
      }}
      onClick={(event) => {
        // A click on the dialog element itself is a click on its backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
      className={`dash-dialog border border-line bg-surface p-0 text-ink shadow-2xl backdrop:bg-black/70 ${PLACEMENT[placement]} ${className}`}
    >
      {open && (
        <div className="flex max-h-[inherit] flex-col">
          <div className="flex items-center justify-between gap-3 border-b border-line px-5 py-4">
            <h2 id={titleId} className={hideTitle ? "sr-only" : "text-lg font-semibold"}>
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close"
              className="-m-1 ml-auto inline-flex size-9 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-ink"
            >
              <Icon name="close" className="size-5" />
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
        </div>
      )}
    </dialog>
  );
}
