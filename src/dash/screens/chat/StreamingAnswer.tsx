import { useStore } from "@nanostores/react";
import { $activeStreaming } from "../../../stores/dash/chat";
import MarkdownAnswer from "./MarkdownAnswer";
import TypingIndicator from "./TypingIndicator";

/** The answer a model is writing, as it grows (the only part of the log that re-renders meanwhile); dots before its first word. */
export default function StreamingAnswer() {
  const text = useStore($activeStreaming);
  if (!text) return <TypingIndicator />;
  return (
    <article aria-label="Assistant (writing)" aria-busy="true" className="mt-4 max-w-[95%] rounded-2xl border border-line bg-surface px-4 py-3">
      <MarkdownAnswer content={text} />
    </article>
  );
}
