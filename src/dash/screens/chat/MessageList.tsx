import { useStore } from "@nanostores/react";
import { useEffect, useRef, useState } from "react";
import { $activeMessages, $activePending } from "../../../stores/dash/chat";
import AssistantMessage from "./AssistantMessage";
import CitationsPanel from "./CitationsPanel";
import TypingIndicator from "./TypingIndicator";
import UserMessage from "./UserMessage";

/** The open conversation as a log, newest at the bottom, kept in view as messages arrive. */
export default function MessageList() {
  const messages = useStore($activeMessages);
  const pending = useStore($activePending);
  const [citationsOf, setCitationsOf] = useState<string | null>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const shown = messages.find((m) => m.id === citationsOf);

  useEffect(() => {
    endRef.current?.scrollIntoView({ block: "end" });
  }, [messages.length, pending]);

  return (
    <>
      <div role="log" aria-label="Messages" className="flex flex-col gap-4 pb-2">
        {messages.map((message) =>
          message.role === "user" ? (
            <UserMessage key={message.id} message={message} />
          ) : (
            <AssistantMessage
              key={message.id}
              message={message}
              regenerating={pending?.replaces === message.id}
              busy={pending !== undefined}
              onCitations={() => setCitationsOf(message.id)}
            />
          ),
        )}
      </div>
      {pending && !pending.replaces && <TypingIndicator />}
      <div ref={endRef} />
      <CitationsPanel citations={shown?.citations ?? []} open={shown !== undefined} onClose={() => setCitationsOf(null)} />
    </>
  );
}
