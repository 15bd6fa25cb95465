import { useStore } from "@nanostores/react";
import { useId } from "react";
import { CHAT_SCOPES } from "../../../lib/dash/chat";
import { $scope, setScope } from "../../../stores/dash/chat";
import SelectField from "../../../ui/SelectField";

/** Where the assistant looks: All, Firm, Case, KB or Web. */
export default function ScopeSelect() {
  const scope = useStore($scope);
  const id = useId();
  return (
    <SelectField id={id} label="Scope" labelPosition="beside" value={scope} options={CHAT_SCOPES} onChange={setScope} className="w-auto px-3 py-1.5 text-sm" />
  );
}
