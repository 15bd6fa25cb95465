import { Fragment } from "react";
import { SHORTCUTS, isApplePlatform, shortcutKeys } from "../lib/dash/shortcuts";
import Dialog from "../ui/Dialog";

interface ShortcutsDialogProps {
  open: boolean;
  onClose: () => void;
}

/** 'Keyboard shortcuts': what each shortcut does and its keys on this platform (⌘ on Apple keyboards, Ctrl elsewhere). */
export default function ShortcutsDialog({ open, onClose }: ShortcutsDialogProps) {
  const isMac = isApplePlatform(navigator.userAgent);
  return (
    <Dialog open={open} onClose={onClose} title="Keyboard shortcuts">
      <dl className="divide-y divide-line text-sm">
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.id} className="flex items-center justify-between gap-4 py-2.5">
            <dt>{shortcut.description}</dt>
            <dd className="flex shrink-0 items-center gap-1 text-muted">
              <kbd className="contents">
                {shortcutKeys(shortcut, isMac).map((key, index) => (
                  <Fragment key={key}>
                    {index > 0 && <span>+</span>}
                    <kbd className="min-w-7 rounded-md border border-line bg-surface-2 px-1.5 py-0.5 text-center font-sans text-xs font-semibold text-ink">
                      {key}
                    </kbd>
                  </Fragment>
                ))}
              </kbd>
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-muted">? works when you are not typing in a text box.</p>
    </Dialog>
  );
}
