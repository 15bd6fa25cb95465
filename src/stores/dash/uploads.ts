import { atom, computed } from "nanostores";
import type { Clock } from "../../lib/dash/clock";
import { preselectedCaseId } from "../../lib/dash/cases";
import { persisted } from "../../lib/dash/persisted";
import type { FeatureDefinition } from "../../lib/dash/repository";
import {
  canUpload,
  countPages,
  fileProblem,
  newestFirst,
  newUpload,
  parseUploads,
  titleFromFileName,
  uploadStatus,
  uploadSteps,
  type Upload,
  type UploadStatus,
} from "../../lib/dash/uploads";
import { $cases, caseTitle } from "./cases";
import { clock, newRecordId } from "./clock";

export const uploadsFeature: FeatureDefinition<Upload[]> = {
  name: "uploads",
  version: 1,
  samples: () => [],
  parse: parseUploads,
};

/** The upload being prepared: the chosen file, its case and title, or why the last file was refused. */
export interface UploadForm {
  file: File | null;
  caseId: string;
  title: string;
  error: string | null;
}

const EMPTY_FORM: UploadForm = { file: null, caseId: "", title: "", error: null };

export interface UploadsDeps {
  clock: Clock;
  newId: () => string;
  /** The title of a case, to file the document under. */
  caseTitle: (id: string) => string | undefined;
  /** The cases a URL may preselect. */
  caseIds: () => readonly { id: string }[];
}

/** Uploads: choosing and checking a file, sending it, and its simulated processing (from its timestamp). */
export function createUploadsStore(deps: UploadsDeps) {
  const $uploads = atom<Upload[]>(uploadsFeature.samples());
  const $form = atom<UploadForm>(EMPTY_FORM);
  const $canUpload = computed($form, (form) => canUpload(form.file ? { ...form, filename: form.file.name, sizeBytes: form.file.size } : null));
  const $recent = computed([$uploads, deps.clock.$now], (uploads, now) =>
    newestFirst(uploads).map((upload): Upload & { status: UploadStatus } => ({ ...upload, status: uploadStatus(upload, now) })),
  );
  /** The files uploaded in this browser session, for their preview (not stored: only their records are). */
  const sessionFiles = new Map<string, File>();

  // Loaded, added or restored uploads still in flight wake the clock at their next steps.
  $uploads.subscribe((uploads) => deps.clock.wakeAt(uploads.flatMap(uploadSteps)));

  const update = (change: Partial<UploadForm>) => $form.set({ ...$form.get(), ...change });

  /** Takes a chosen or dropped file: refused with a message when its type or size is wrong. */
  const chooseFile = (file: File) => {
    const error = fileProblem(file);
    if (error) update({ file: null, title: "", error });
    else update({ file, title: titleFromFileName(file.name), error: null });
  };

  /** Chooses the case a URL names (?case=id), when it exists. */
  const preselectCase = (search: string) => {
    const id = preselectedCaseId(search, deps.caseIds());
    if (id) update({ caseId: id });
  };

  /** Sends the chosen file to the chosen case; its processing starts at this instant. */
  const submit = async (): Promise<Upload | null> => {
    const { file, caseId, title } = $form.get();
    if (!file || !$canUpload.get()) return null;
    const uploadedAt = new Date(deps.clock.now());
    const id = deps.newId();
    $form.set(EMPTY_FORM);
    // A file that cannot be read back still uploads; it just counts as one page.
    const pages = await file.text().then((text) => countPages(file.name, text), () => 1);
    const draft = { filename: file.name, sizeBytes: file.size, caseId, title };
    const upload = newUpload(draft, deps.caseTitle(caseId) ?? "", pages, id, uploadedAt);
    sessionFiles.set(id, file);
    $uploads.set([upload, ...$uploads.get()]);
    return upload;
  };

  return {
    $uploads,
    $form,
    $canUpload,
    $recent,
    chooseFile,
    preselectCase,
    submit,
    setCase: (caseId: string) => update({ caseId }),
    setTitle: (title: string) => update({ title }),
    cancel: () => $form.set({ ...EMPTY_FORM, caseId: $form.get().caseId }),
    /** The file of an upload made in this browser session, for its preview. */
    sessionFile: (id: string): File | undefined => sessionFiles.get(id),
  };
}

const uploads = createUploadsStore({ clock, newId: newRecordId, caseTitle, caseIds: () => $cases.get() });

export const { $uploads, $form: $uploadForm, $canUpload, $recent: $recentUploads } = uploads;
export const { chooseFile, preselectCase, submit: submitUpload, setCase: setUploadCase, setTitle: setUploadTitle } = uploads;
export const { cancel: cancelUpload, sessionFile } = uploads;

export const uploadsRecords = persisted(uploads.$uploads, uploadsFeature);
