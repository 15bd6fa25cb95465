import { useStore } from "@nanostores/react";
import type { ReactNode } from "react";
import { $workspace } from "../stores/dash/workspace";
import LoadingScreen from "./LoadingScreen";

/** Shows the screens once the signed-in user's workspace (their records in the stores) is open. */
export default function WorkspaceGate({ children }: { children: ReactNode }) {
  const workspace = useStore($workspace);
  if (workspace.status !== "open") return <LoadingScreen />;
  return children;
}
