interface SpinnerProps {
  className?: string;
}

/** A spinning ring for work in progress; decorative, the surrounding text or state says what is happening. */
export default function Spinner({ className = "size-4" }: SpinnerProps) {
  return (
    <span
      aria-hidden="true"
      data-testid="spinner"
      className={`inline-block animate-spin rounded-full border-2 border-current border-t-transparent ${className}`}
    />
  );
}
