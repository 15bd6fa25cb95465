import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { $toasts, dismissToast, showFlashedToast } from "../stores/toasts";
import Toast from "./Toast";

/** The open toasts, top right: announced on arrival, each with its own dismiss button; shows a flashed one on mount. */
export default function Toaster() {
  // After mounting, so the live region exists before the notice arrives and is announced.
  useEffect(() => showFlashedToast(), []);
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
