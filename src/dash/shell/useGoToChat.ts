import { useNavigate } from "react-router";
import { routeHref } from "../routes";

const CHAT_HREF = routeHref({ path: "chat" });

/** Navigates to /dash/chat (a new history entry, so the drawer closes even when the chat is already showing). */
export function useGoToChat(): () => void {
  const navigate = useNavigate();
  return () => void navigate(CHAT_HREF);
}
