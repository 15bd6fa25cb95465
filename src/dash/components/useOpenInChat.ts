import { useNavigate } from "react-router";
import { routeHref } from "../routes";

/** Wraps a store's 'open in chat' action: the chat gets its chip, then the user lands on the chat. */
export function useOpenInChat<T>(open: (record: T) => void): (record: T) => void {
  const navigate = useNavigate();
  return (record) => {
    open(record);
    void navigate(routeHref({ path: "chat" }));
  };
}
