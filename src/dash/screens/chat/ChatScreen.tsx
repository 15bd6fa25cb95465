import { useStore } from "@nanostores/react";
import { $activeMessages } from "../../../stores/dash/chat";
import ScreenHeader from "../../components/ScreenHeader";
import ChatStatus from "./ChatStatus";
import Composer from "./Composer";
import EmptyState from "./EmptyState";
import ExportButton from "./ExportButton";
import MessageList from "./MessageList";
import ScopeSelect from "./ScopeSelect";

/** The chat: the open conversation (or the empty state), the typing indicator, and the input. */
export default function ChatScreen() {
  const empty = useStore($activeMessages).length === 0;
  return (
    <div className="mx-auto flex h-full max-w-3xl flex-col gap-4">
      <ScreenHeader>
        <div className="flex flex-wrap items-center gap-2">
          <ExportButton />
          <ScopeSelect />
        </div>
      </ScreenHeader>
      <div className="min-h-0 flex-1 overflow-y-auto">{empty ? <EmptyState /> : <MessageList />}</div>
      <Composer />
      <ChatStatus />
    </div>
  );
}
