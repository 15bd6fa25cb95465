import { useStore } from "@nanostores/react";
import { useId } from "react";
import { CHAT_SCOPES, type ChatScope } from "../../../lib/dash/chat";
import { $scope, setScope } from "../../../stores/dash/chat";

/** Where the assistant looks: All, Firm, Case, KB or Web. */
export default function ScopeSelect() {
  const scope = useStore($scope);
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-muted">
        Scope
      </label>
      <select
        id={id}
        value={scope}
        onChange={(event) => setScope(event.target.value as ChatScope)}
        className="rounded-lg border border-line bg-surface px-3 py-1.5 text-sm text-ink"
      >
        {CHAT_SCOPES.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
