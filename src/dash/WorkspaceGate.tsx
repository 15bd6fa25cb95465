import { useStore } from "@nanostores/react";
import { useEffect, type ReactNode } from "react";
import { $auth } from "../stores/auth";
import { $workspace, closeWorkspace, openWorkspace } from "../stores/dash/workspace";
import LoadingScreen from "./LoadingScreen";

/** Opens the signed-in user's workspace (their records in the stores) before any screen renders. */
export default function WorkspaceGate({ children }: { children: ReactNode }) {
  const userId = useStore($auth).user?.id;
  const workspace = useStore($workspace);

  useEffect(() => {
    if (!userId) return;
    void openWorkspace(userId);
    return closeWorkspace;
  }, [userId]);

  if (workspace.status !== "open" || workspace.userId !== userId) return <LoadingScreen />;
  return children;
}
