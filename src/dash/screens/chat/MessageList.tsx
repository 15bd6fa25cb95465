import { useStore } from "@nanostores/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Citation } from "../../../lib/dash/chat";
import { $activeMessages, $activePending } from "../../../stores/dash/chat";
import AssistantMessage from "./AssistantMessage";
import CitationsPanel from "./CitationsPanel";
import CitationViewer from "./CitationViewer";
import StreamingAnswer from "./StreamingAnswer";
import UserMessage from "./UserMessage";

/** The open conversation as a log, newest at the bottom, kept in view as messages arrive; citations open their sources. */
export default function MessageList() {
  const messages = useStore($activeMessages);
  const pending = useStore($activePending);
  const [citationsOf, setCitationsOf] = useState<string | null>(null);
  const [opened, setOpened] = useState<Citation | null>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const shown = messages.find((m) => m.id === citationsOf);
  const lastQuestion = messages.findLast((m) => m.role === "user");

  useEffect(() => {
    endRef.current?.scrollIntoView({ block: "end" });
  }, [messages.length, pending]);

  // Stable, so the memoised answers do not re-render when the panel or viewer opens.
  const openCitation = useCallback((citation: Citation) => {
    setCitationsOf(null);
    setOpened(citation);
  }, []);
  const closeViewer = useCallback(() => setOpened(null), []);

  return (
    <>
      <div role="log" aria-label="Messages" className="flex flex-col gap-4 pb-2">
        {messages.map((message) =>
          message.role === "user" ? (
            <UserMessage key={message.id} message={message} editable={message === lastQuestion && pending === undefined} />
          ) : (
            <AssistantMessage
              key={message.id}
              message={message}
              regenerating={pending?.replaces === message.id}
              busy={pending !== undefined}
              onCitations={setCitationsOf}
              onOpenCitation={openCitation}
            />
          ),
        )}
      </div>
      {pending && !pending.replaces && <StreamingAnswer />}
      <div ref={endRef} />
      <CitationsPanel citations={shown?.citations ?? []} open={shown !== undefined} onClose={() => setCitationsOf(null)} onOpen={openCitation} />
      <CitationViewer citation={opened} onClose={closeViewer} />
    </>
  );
}
