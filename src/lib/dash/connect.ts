import type { WritableAtom } from "nanostores";
import type { Repository } from "./repository";

/**
 * Keeps a store's atom and a repository in step: loads the records into the atom, saves every later change of
 * the atom, and takes changes made elsewhere (another tab) without saving them back, so two tabs never echo; what a
 * store changes in answer to records it was given is saved.
 * Resolves with the function that disconnects (after writing what is pending).
 */
export async function connectAtom<T>($records: WritableAtom<T>, repository: Repository<T>): Promise<() => void> {
  let fromRepository = false;
  const apply = (value: T) => {
    fromRepository = true;
    try {
      $records.set(value);
    } finally {
      fromRepository = false;
    }
    // A store that answered the records at once changed them (an upload left unfinished, resumed, counts its read):
    // that change is the store's own, and is saved like any other.
    const answered = $records.get();
    if (answered !== value) repository.save(answered);
  };
  apply(await repository.load());
  const stopSaving = $records.listen((value) => {
    if (!fromRepository) repository.save(value);
  });
  const stopListening = repository.subscribe(apply);
  return () => {
    stopSaving();
    stopListening();
    repository.close();
  };
}
