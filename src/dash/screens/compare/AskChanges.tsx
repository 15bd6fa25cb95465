import { useId, useState } from "react";
import { answerAboutChanges } from "../../../lib/compare/ask";
import type { Change } from "../../../lib/compare/compare";

/**
 * Ask about these changes: a question about the two versions, answered from the changed clauses, each quoted from
 * both versions with its clause and pages (no model needed).
 */
export default function AskChanges({ changes }: { changes: readonly Change[] }) {
  const id = useId();
  const [question, setQuestion] = useState("");
  const [answer, setAnswer] = useState<{ question: string; reply: string } | null>(null);
  return (
    <section aria-labelledby={`${id}-title`} className="dash-card flex flex-col gap-3">
      <h2 id={`${id}-title`} className="font-semibold">
        Ask about these changes
      </h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (question.trim()) setAnswer({ question: question.trim(), reply: answerAboutChanges(question, changes) });
        }}
        className="flex flex-wrap gap-2"
      >
        <label htmlFor={`${id}-q`} className="sr-only">
          Question about the changes
        </label>
        <input id={`${id}-q`} type="text" className="field-input min-w-0 flex-1" value={question} maxLength={500} placeholder="What changed in governing law?" onChange={(event) => setQuestion(event.target.value)} />
        <button type="submit" className="btn-small" disabled={!question.trim()}>
          Ask
        </button>
      </form>
      <div aria-live="polite">
        {answer && (
          <figure aria-label="Answer about the changes" className="flex flex-col gap-1 text-sm">
            <figcaption className="text-muted">{answer.question}</figcaption>
            {answer.reply.split("\n").map((line, i) => (
              <p key={i}>{line.replace(/^- /, "")}</p>
            ))}
          </figure>
        )}
      </div>
    </section>
  );
}
