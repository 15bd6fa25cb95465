import { useStore } from "@nanostores/react";
import { $search, prepareSearch, setSearch } from "../../stores/dash/conversations";
import SearchField from "../components/SearchField";

/** 'Search chats...': filters the conversations by title and message text as the user types. */
export default function ConversationSearch() {
  const query = useStore($search);
  return (
    <div role="search" data-chat-search className="px-3 pb-3 text-sm">
      <SearchField label="Search chats" placeholder="Search chats..." value={query} onChange={setSearch} onFocus={prepareSearch} />
    </div>
  );
}
