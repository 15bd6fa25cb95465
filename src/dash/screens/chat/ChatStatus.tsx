import { useStore } from "@nanostores/react";
import { $announcement } from "../../../stores/dash/chat";

/** The polite status region: 'Assistant is typing', then 'Answer ready', each said once. */
export default function ChatStatus() {
  const announcement = useStore($announcement);
  return (
    <p role="status" className="sr-only">
      {announcement}
    </p>
  );
}
