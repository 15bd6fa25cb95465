import type { AuthMode } from "../../lib/auth/form";

interface AuthModeToggleProps {
  mode: AuthMode;
  disabled: boolean;
  onChange: (mode: AuthMode) => void;
}

const OPTIONS: { mode: AuthMode; label: string }[] = [
  { mode: "signIn", label: "Log In" },
  { mode: "signUp", label: "Sign Up" },
];

/** The Log In / Sign Up switch: two toggle buttons, the pressed one is the current form. */
export default function AuthModeToggle({ mode, disabled, onChange }: AuthModeToggleProps) {
  return (
    <div role="group" aria-label="Log in or sign up" className="mt-6 grid grid-cols-2 gap-1 rounded-full border border-line bg-surface-2 p-1">
      {OPTIONS.map((option) => (
        <button
          key={option.mode}
          type="button"
          aria-pressed={mode === option.mode}
          aria-disabled={disabled || undefined}
          onClick={() => onChange(option.mode)}
          className="rounded-full px-4 py-2 text-sm font-semibold text-muted transition hover:text-ink aria-pressed:bg-white aria-pressed:text-black"
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
