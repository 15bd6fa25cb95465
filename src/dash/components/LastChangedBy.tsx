import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { nameById } from "../../lib/firm/people";
import { $firm, firm } from "../../stores/dash/firm";

/** "Last changed by <colleague>" on a shared record a colleague changed last; nothing when it was the user. */
export default function LastChangedBy({ updatedBy }: { updatedBy: string | undefined }) {
  const view = useStore($firm);
  const named = view.state === "ready" || view.state === "demo";
  useEffect(() => {
    if (updatedBy && !named) void firm.load();
  }, [updatedBy, named]);
  if (!updatedBy) return null;
  const name = view.state === "ready" ? nameById(view.snapshot.people, updatedBy) : undefined;
  return <p className="text-xs text-muted">Last changed by {name ?? "a colleague"}</p>;
}
