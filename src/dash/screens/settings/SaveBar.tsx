import { useStore } from "@nanostores/react";
import { $preferencesDirty, discardPreferences, savePreferences } from "../../../stores/dash/preferences";

/** Save Preferences, with the unsaved changes marked as such until they are saved or discarded. */
export default function SaveBar() {
  const dirty = useStore($preferencesDirty);
  return (
    <div
      data-dirty={dirty || undefined}
      className="sticky bottom-4 flex flex-wrap items-center justify-end gap-3 rounded-2xl border border-line bg-surface/95 px-5 py-3 data-dirty:border-amber-300/60"
    >
      <p role="status" className="mr-auto text-sm text-amber-300">
        {dirty && (
          <>
            <span aria-hidden="true" className="mr-2 inline-block size-2 rounded-full bg-amber-300" />
            Unsaved changes
          </>
        )}
      </p>
      {dirty && (
        <button type="button" onClick={discardPreferences} className="btn-secondary px-4 py-2 text-sm">
          Discard
        </button>
      )}
      <button type="button" onClick={savePreferences} className="btn-primary px-4 py-2 text-sm">
        Save Preferences
      </button>
    </div>
  );
}
