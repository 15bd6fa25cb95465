import { useStore } from "@nanostores/react";
import { useEffect, type ReactNode } from "react";
import { keepSearchIndex } from "../stores/dash/searchIndexSync";
import { $workspace, pruneDocuments } from "../stores/dash/workspace";
import LoadingScreen from "./LoadingScreen";

/**
 * Shows the screens once the signed-in user's workspace (their records in the stores) is open, and keeps its search
 * index and its documents database in step with its records.
 */
export default function WorkspaceGate({ children }: { children: ReactNode }) {
  const workspace = useStore($workspace);
  useEffect(() => keepSearchIndex(), []);
  const openFor = workspace.status === "open" ? workspace.userId : null;
  useEffect(() => {
    if (openFor) void pruneDocuments(openFor);
  }, [openFor]);
  if (workspace.status !== "open") return <LoadingScreen />;
  return children;
}
