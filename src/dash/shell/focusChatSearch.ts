import { $layout, setDrawerOpen, toggleSidebar } from "../../stores/dash/layout";
import { focusWhenReady } from "../focusWhenReady";
import { LARGE_SCREEN } from "../useMediaQuery";

/** Every 'Search chats...' box on the page: the sidebar column's and, while it is open, the drawer's (data-chat-search). */
const chatSearchBoxes = () => document.querySelectorAll<HTMLInputElement>("[data-chat-search] input");

/** Puts focus in 'Search chats...': below lg the drawer opens first; a collapsed sidebar expands, as its button would. */
export function focusChatSearch(): void {
  if (!window.matchMedia(LARGE_SCREEN).matches) setDrawerOpen(true);
  else if ($layout.get().sidebarCollapsed) toggleSidebar();
  focusWhenReady(chatSearchBoxes);
}
