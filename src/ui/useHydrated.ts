import { useSyncExternalStore } from "react";

const noSubscribe = () => () => undefined;
const onClient = () => true;
const onServer = () => false;

/**
 * False in the static HTML and while React hydrates it, true once the island is live. A form
 * keeps its controls disabled until then: text typed earlier would be reset by hydration, and a
 * native submit would put the fields (a password, say) in the page's URL. A press on a disabled control
 * hydrates a client:painted island at once (src/lib/hydration/painted.ts).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscribe, onClient, onServer);
}
