import Spinner from "../ui/Spinner";
import { authMessages } from "../lib/auth/messages";

/** The guard's full-screen black page while the session is being read. */
export default function LoadingScreen() {
  return (
    <div role="status" className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-black text-ink">
      <Spinner className="size-8 text-accent" />
      <p>{authMessages.loading}</p>
    </div>
  );
}
