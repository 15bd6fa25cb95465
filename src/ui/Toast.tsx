import type { Toast as ToastData } from "../stores/toasts";
import Icon from "./Icon";

interface ToastProps {
  toast: ToastData;
  onDismiss: () => void;
}

/** One toast: errors are alerts (assertive), others are status messages (polite). */
export default function Toast({ toast, onDismiss }: ToastProps) {
  const destructive = toast.variant === "destructive";
  return (
    <li
      className={`pointer-events-auto flex items-start gap-3 rounded-xl border bg-surface p-4 text-left shadow-2xl ${
        destructive ? "border-danger/60" : "border-line"
      }`}
    >
      <div role={destructive ? "alert" : "status"} aria-atomic="true" className="min-w-0 flex-1">
        <p className={`font-semibold ${destructive ? "text-danger" : "text-ink"}`}>{toast.title}</p>
        <p className="mt-1 text-sm text-pretty text-ink">{toast.description}</p>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={`Dismiss notification: ${toast.title}`}
        className="-m-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-ink"
      >
        <Icon name="close" className="size-4" />
      </button>
    </li>
  );
}
