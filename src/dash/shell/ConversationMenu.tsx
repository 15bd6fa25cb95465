import MenuButton from "../../ui/MenuButton";
import DashIcon from "../components/DashIcon";
import type { DashIconName } from "../icons";

/** One action of a conversation's menu, with its workspace icon. */
export interface ConversationAction {
  label: string;
  icon: DashIconName;
  onSelect: () => void;
}

interface ConversationMenuProps {
  /** The accessible name of the menu button ("Options for <title>"). */
  label: string;
  actions: ConversationAction[];
}

/** A conversation's menu (Pin/Unpin, Rename, Delete): the shared menu button behind a "more" icon. */
export default function ConversationMenu({ label, actions }: ConversationMenuProps) {
  return (
    <MenuButton
      label={label}
      items={actions.map(({ icon, ...action }) => ({ ...action, icon: <DashIcon name={icon} className="size-4 text-muted" /> }))}
      className="inline-flex size-8 items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-ink aria-expanded:bg-surface-2 aria-expanded:text-ink"
    >
      <DashIcon name="more" className="size-5" />
    </MenuButton>
  );
}
