import { Link } from "react-router";
import ScreenHeader from "../components/ScreenHeader";
import { DASH_BASE } from "../routes";

/** An unknown path under /dash: says so and leads back to the workspace. */
export default function NotFoundScreen() {
  return (
    <div className="space-y-4">
      <ScreenHeader />
      <p className="text-muted">There is no workspace screen at this address.</p>
      <Link to={DASH_BASE} className="btn-secondary px-4 py-2 text-sm">
        Back to Chat
      </Link>
    </div>
  );
}
