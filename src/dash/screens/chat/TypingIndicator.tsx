const DOT_DELAYS = ["[animation-delay:0ms]", "[animation-delay:150ms]", "[animation-delay:300ms]"];

/** Three pulsing dots while the assistant "writes"; the status region says it in words. */
export default function TypingIndicator() {
  return (
    <div aria-hidden="true" data-testid="typing-indicator" className="mt-4 flex w-fit items-center gap-1 rounded-2xl bg-surface-2 px-4 py-3">
      {DOT_DELAYS.map((delay) => (
        <span key={delay} className={`size-2 animate-pulse rounded-full bg-muted ${delay}`} />
      ))}
    </div>
  );
}
