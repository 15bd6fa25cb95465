import Spinner from "../../ui/Spinner";
import SignOutDialog from "../SignOutDialog";
import { useSignOut } from "../useSignOut";
import DashIcon from "./DashIcon";

/** Sign Out, wherever the workspace offers it (the header, Settings): asks first, busy while it runs, always ends the session here. */
export default function SignOutButton() {
  const { ask, cancel, confirm, asking, busy } = useSignOut();
  return (
    <>
      <button
        type="button"
        onClick={ask}
        aria-disabled={busy || undefined}
        className="btn-secondary px-4 py-2 text-sm aria-disabled:cursor-wait aria-disabled:opacity-60"
      >
        {busy ? <Spinner /> : <DashIcon name="logOut" className="size-4" />}
        Sign Out
      </button>
      <SignOutDialog open={asking} onClose={cancel} onConfirm={confirm} />
    </>
  );
}
