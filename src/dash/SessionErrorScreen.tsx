import { useEffect, useRef } from "react";

interface SessionErrorScreenProps {
  message: string;
  onRetry: () => void;
}

/** The guard's full-screen page when the session could not be read: what happened, and Retry. */
export default function SessionErrorScreen({ message, onRetry }: SessionErrorScreenProps) {
  const retryRef = useRef<HTMLButtonElement>(null);
  // The loading screen had no control to hold focus: put it on the one thing to do now.
  useEffect(() => retryRef.current?.focus(), []);
  return (
    <div className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-black p-6 text-center text-ink">
      <p role="alert" className="max-w-md text-pretty">
        {message}
      </p>
      <button ref={retryRef} type="button" onClick={onRetry} className="btn-primary">
        Retry
      </button>
    </div>
  );
}
