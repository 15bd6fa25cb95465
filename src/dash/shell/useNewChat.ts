import { newChat } from "../../stores/dash/chat";
import { useGoToChat } from "./useGoToChat";

/** New Chat: an empty chat, shown (the sidebar's button and the shortcut). */
export function useNewChat(): () => void {
  const goToChat = useGoToChat();
  return () => {
    newChat();
    goToChat();
  };
}
