import type { ChatMessage } from "../../../lib/dash/chat";
import ChipIcon from "./ChipIcon";

/** A question of the user, with the context chips it was asked with. */
export default function UserMessage({ message }: { message: ChatMessage }) {
  return (
    <article aria-label="You" className="ml-auto max-w-[85%] rounded-2xl bg-accent-strong/25 px-4 py-3 text-sm">
      {message.context && (
        <ul aria-label="Context" className="mb-2 flex flex-wrap gap-1">
          {message.context.map((chip) => (
            <li key={`${chip.type}:${chip.id}`} className="inline-flex items-center gap-1 rounded-full bg-black/30 px-2 py-0.5 text-xs">
              <ChipIcon type={chip.type} />
              {chip.label}
            </li>
          ))}
        </ul>
      )}
      <p className="whitespace-pre-wrap">{message.content}</p>
    </article>
  );
}
