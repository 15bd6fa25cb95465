import { SUGGESTED_PROMPTS } from "../../../lib/dash/chat";
import { applyPrompt } from "../../../stores/dash/chat";
import { focusMessageInput } from "./messageInput";

/** A new chat: the greeting and three suggested prompts; a prompt fills the input, it does not send. */
export default function EmptyState() {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-6 py-8 text-center">
      <h2 className="text-xl font-semibold">How can I help you today?</h2>
      <ul className="grid w-full gap-3 sm:grid-cols-3">
        {SUGGESTED_PROMPTS.map((prompt) => (
          <li key={prompt}>
            <button
              type="button"
              onClick={() => {
                applyPrompt(prompt);
                focusMessageInput();
              }}
              className="h-full w-full rounded-xl border border-line bg-surface p-4 text-left text-sm text-ink hover:border-accent"
            >
              {prompt}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
