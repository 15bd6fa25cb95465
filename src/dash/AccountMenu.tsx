import MenuButton from "../ui/MenuButton";
import Spinner from "../ui/Spinner";
import DashIcon from "./components/DashIcon";
import SignOutDialog from "./SignOutDialog";
import { useSignOut } from "./useSignOut";

interface AccountMenuProps {
  name: string;
  email: string;
  onShowShortcuts: () => void;
}

/** Who is signed in, Keyboard shortcuts and Sign Out (and its confirmation) behind one button: the header's account below lg. */
export default function AccountMenu({ name, email, onShowShortcuts }: AccountMenuProps) {
  const { ask, cancel, confirm, asking, busy } = useSignOut();
  return (
    <>
      <MenuButton
        label="Account"
        heading={
          <p>
            <span className="block font-medium text-ink">{name}</span>{" "}
            <span className="block text-muted">{email}</span>
          </p>
        }
        items={[
          { label: "Keyboard shortcuts", icon: <DashIcon name="keyboard" className="size-4 text-muted" />, onSelect: onShowShortcuts },
          { label: "Sign Out", icon: <DashIcon name="logOut" className="size-4 text-muted" />, onSelect: ask },
        ]}
        className="inline-flex size-10 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-ink aria-expanded:bg-surface-2 aria-expanded:text-ink"
      >
        {busy ? <Spinner className="size-5" /> : <DashIcon name="user" className="size-6" />}
      </MenuButton>
      <SignOutDialog open={asking} onClose={cancel} onConfirm={confirm} />
    </>
  );
}
