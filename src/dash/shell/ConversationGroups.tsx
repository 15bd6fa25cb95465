import { useStore } from "@nanostores/react";
import { useId } from "react";
import type { Conversation } from "../../lib/dash/conversations";
import { $groups, $search } from "../../stores/dash/conversations";
import ConversationItem from "./ConversationItem";

/** One titled group of conversations. */
function Group({ title, conversations }: { title: string; conversations: Conversation[] }) {
  const id = useId();
  if (!conversations.length) return null;
  return (
    <section aria-labelledby={id} className="mt-3 first:mt-0">
      <h2 id={id} className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">
        {title}
      </h2>
      <ul className="flex flex-col gap-0.5">
        {conversations.map((conversation) => (
          <ConversationItem key={conversation.id} conversation={conversation} />
        ))}
      </ul>
    </section>
  );
}

/** Pinned, then Recent (newest first), as filtered by 'Search chats...'. */
export default function ConversationGroups() {
  const { pinned, recent } = useStore($groups);
  const searching = useStore($search).trim() !== "";
  if (!pinned.length && !recent.length) {
    return (
      <p role="status" className="px-3 py-2 text-sm text-muted">
        {searching ? "No chats found" : "No conversations yet"}
      </p>
    );
  }
  return (
    <>
      <Group title="Pinned" conversations={pinned} />
      <Group title="Recent" conversations={recent} />
    </>
  );
}
