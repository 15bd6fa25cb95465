import { useStore } from "@nanostores/react";
import { useEffect, type ReactNode } from "react";
import { keepSearchIndex } from "../stores/dash/search";
import { $workspace } from "../stores/dash/workspace";
import LoadingScreen from "./LoadingScreen";

/** Shows the screens once the signed-in user's workspace (their records in the stores) is open, and keeps its search index. */
export default function WorkspaceGate({ children }: { children: ReactNode }) {
  const workspace = useStore($workspace);
  useEffect(() => keepSearchIndex(), []);
  if (workspace.status !== "open") return <LoadingScreen />;
  return children;
}
