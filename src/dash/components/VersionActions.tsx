import { Link } from "react-router";
import { newVersionHref, versionLabel } from "../../lib/dash/versions";
import { compareHref } from "../screens/compare/CompareWithDialog";
import DashIcon from "./DashIcon";

interface VersionActionsProps {
  id: string;
  /** The id of the document's card title, which names what each action acts on. */
  titleId: string;
  /** Its number among its versions, when it has versions. */
  version?: number | undefined;
  /** From v2 on: the version before it. */
  previousVersion?: string | undefined;
  /** Whether it is read (Compare needs both versions read). */
  read: boolean;
  /** Compare with…: picks any other document. */
  onCompare: () => void;
}

/** A document's versions on its card: "Upload a new version", and once it is read "Compare with…" and, from v2 on, "Compare with v1". */
export default function VersionActions({ id, titleId, version, previousVersion, read, onCompare }: VersionActionsProps) {
  return (
    <>
      <Link to={newVersionHref(id)} className="btn-small" aria-describedby={titleId}>
        <DashIcon name="upload" className="size-4" />
        Upload a new version
      </Link>
      {read && (
        <button type="button" onClick={onCompare} className="btn-small" aria-describedby={titleId}>
          <DashIcon name="file" className="size-4" />
          Compare with…
        </button>
      )}
      {read && version !== undefined && previousVersion !== undefined && (
        <Link to={compareHref(previousVersion, id)} className="btn-small" aria-describedby={titleId}>
          <DashIcon name="file" className="size-4" />
          Compare with {versionLabel(version - 1)}
        </Link>
      )}
    </>
  );
}
