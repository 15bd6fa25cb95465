import { useStore } from "@nanostores/react";
import { useId } from "react";
import { $search, prepareSearch, setSearch } from "../../stores/dash/conversations";
import DashIcon from "../components/DashIcon";

/** 'Search chats...': filters the conversations by title and message text as the user types. */
export default function ConversationSearch() {
  const query = useStore($search);
  const id = useId();
  return (
    <div role="search" className="relative px-3 pb-3">
      <label htmlFor={id} className="sr-only">
        Search chats
      </label>
      <DashIcon name="search" className="pointer-events-none absolute top-1/2 left-6 size-4 -translate-y-1/2 text-muted" />
      <input
        id={id}
        type="search"
        value={query}
        onChange={(event) => setSearch(event.target.value)}
        onFocus={prepareSearch}
        placeholder="Search chats..."
        autoComplete="off"
        className="field-input py-2 pl-9 text-sm"
      />
    </div>
  );
}
