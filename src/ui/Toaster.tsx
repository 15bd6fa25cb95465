import { useStore } from "@nanostores/react";
import { $toasts, dismissToast } from "../stores/toasts";
import Toast from "./Toast";

/** The open toasts, top right: announced on arrival, each with its own dismiss button. */
export default function Toaster() {
  const toasts = useStore($toasts).filter((toast) => toast.open);
  return (
    <section aria-label="Notifications" className="pointer-events-none fixed inset-x-4 top-20 z-[60] sm:top-4 sm:left-auto sm:w-96">
      <ol className="flex flex-col gap-2">
        {toasts.map((toast) => (
          <Toast key={toast.id} toast={toast} onDismiss={() => dismissToast(toast.id)} />
        ))}
      </ol>
    </section>
  );
}
