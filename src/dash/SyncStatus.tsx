import { useStore } from "@nanostores/react";
import { $syncState } from "../stores/dash/workspace";
import DashIcon from "./components/DashIcon";

/** The header's word on changes the server has not received: 'Offline: 3 changes waiting' until they are sent. */
export function syncStatusText({ waiting, offline }: { waiting: number; offline: boolean }): string {
  if (!offline || waiting === 0) return "";
  return `Offline: ${String(waiting)} ${waiting === 1 ? "change" : "changes"} waiting`;
}

export default function SyncStatus() {
  const text = syncStatusText(useStore($syncState));
  return (
    <p role="status" className="text-sm whitespace-nowrap text-muted empty:hidden">
      {text && (
        <>
          <DashIcon name="cloudOff" className="mr-1 inline size-4 align-[-2px]" />
          {text}
        </>
      )}
    </p>
  );
}
